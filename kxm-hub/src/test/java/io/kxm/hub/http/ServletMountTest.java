package io.kxm.hub.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.HubServer;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.log.HubLog;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A servlet mounted beside Javalin, as the MCP transport will be, guarded by a HubFilter. */
class ServletMountTest {
  @TempDir static Path dir;
  static HubServer hub;
  static Http http;

  static final class WhoServlet extends HttpServlet {
    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
      Principal principal = (Principal) req.getAttribute(HubRequest.PRINCIPAL);
      res.setContentType("text/plain");
      res.getWriter()
          .write("servlet sees " + principal.kind() + " " + principal.project().orElse("-"));
    }
  }

  @BeforeAll
  static void start() {
    hub =
        HubServer.builder(TestHubs.withTokens(dir))
            .feature(
                h -> h.routes().servlet("/mcp", new WhoServlet(), h.filter(Access.AUTHENTICATED)))
            .start();
    http = new Http(hub.baseUrl());
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  @Test
  void the_servlet_answers_at_its_exact_path_with_the_principal_the_filter_proved() {
    var response = http.getWithToken("/mcp", TestHubs.ALPHA);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.body()).isEqualTo("servlet sees project alpha");
    assertThat(response.header("X-Request-Id")).startsWith("req_");
  }

  @Test
  void the_filter_refuses_a_missing_token_with_the_envelope() {
    var response = http.get("/mcp");

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.errorCode()).isEqualTo("auth_required");
  }

  @Test
  void the_filter_applies_the_browser_rules_first() {
    var host =
        http.get("/mcp", "Host", "rebind.example", "Authorization", "Bearer " + TestHubs.ADMIN);
    var origin = http.get("/mcp", "Origin", "https://evil.example");
    var media =
        http.send(
            http.request("/mcp", "Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("x")));

    assertThat(host.errorCode()).isEqualTo("host_not_allowed");
    assertThat(origin.errorCode()).isEqualTo("origin_not_allowed");
    assertThat(media.errorCode()).isEqualTo("unsupported_media_type");
  }

  @Test
  void paths_below_the_servlet_still_belong_to_javalin() {
    var response = http.getWithToken("/mcp/other", TestHubs.ADMIN);

    assertThat(response.status()).isEqualTo(404);
    assertThat(response.errorCode()).isEqualTo("not_found");
  }

  @Test
  void servlet_requests_are_logged_like_routes() throws Exception {
    http.getWithToken("/mcp", TestHubs.BETA);

    String log = Files.readString(dir.resolve("logs").resolve(HubLog.FILE_NAME));
    assertThat(log).contains("\"route\":\"/mcp\"").doesNotContain(TestHubs.BETA);
  }
}
