package io.kxm.hub.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console's cookie and CSRF rules in the request pipeline, over plain HTTP. */
class ConsoleSessionHttpTest {
  @TempDir Path dir;
  private HubServer hub;
  private Http http;

  @BeforeEach
  void start() {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    hub = HubAssembly.start(TestHubs.withTokens(dir), env);
    http = new Http(hub.baseUrl());
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  /** A signed-in session: its cookie header value and its CSRF token. */
  private record Session(String cookie, String csrf, String humanId) {}

  private Http.Response signIn(String body, String... headers) {
    String[] all = new String[headers.length + 2];
    all[0] = "Content-Type";
    all[1] = "application/json";
    System.arraycopy(headers, 0, all, 2, headers.length);
    return http.send(
        http.request("/console/sign-in", all).POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  private Session session(String operator, String token) {
    Http.Response response = signIn(Json.write(Map.of("operator", operator, "token", token)));
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    String setCookie = response.header("Set-Cookie");
    String cookie = setCookie.substring(0, setCookie.indexOf(';'));
    return new Session(
        cookie,
        response.json().path("csrf").asString(),
        response.json().path("human").path("agentId").asString());
  }

  private Http.Response post(String path, String body, String... headers) {
    return http.send(http.request(path, headers).POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  @Test
  void the_root_sends_browsers_to_the_console_and_the_console_asks_for_a_sign_in() {
    Http.Response root = http.get("/");
    assertThat(root.status()).isEqualTo(302);
    assertThat(root.header("Location")).isEqualTo("/console");

    Http.Response page = http.get("/console");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.body()).contains("id=\"sign-in-form\"").contains("type=\"password\"");
    assertThat(page.header("Content-Security-Policy"))
        .contains("default-src 'none'")
        .contains("script-src 'self'")
        .doesNotContain("unsafe-inline");
  }

  @Test
  void a_wrong_token_is_refused_with_auth_invalid_and_sets_no_cookie() {
    Http.Response response =
        signIn(Json.write(Map.of("operator", "ada", "token", "no-such-token-0123456789")));

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.errorCode()).isEqualTo("auth_invalid");
    assertThat(response.header("Set-Cookie")).isNull();
    assertThat(response.body()).doesNotContain("no-such-token");
  }

  @Test
  void a_sign_in_sets_an_http_only_strict_cookie_and_never_echoes_the_token() {
    Http.Response response = signIn(Json.write(Map.of("operator", "ada", "token", TestHubs.ALPHA)));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Set-Cookie"))
        .startsWith(ConsoleSessions.COOKIE + "=")
        .contains("; HttpOnly")
        .contains("; SameSite=Strict")
        .contains("; Path=/")
        .doesNotContain("Secure");
    assertThat(response.body()).doesNotContain(TestHubs.ALPHA);
    assertThat(response.json().path("role").asString()).isEqualTo("project");
    assertThat(response.json().path("project").asString()).isEqualTo("alpha");
    assertThat(response.json().path("csrf").asString()).isNotBlank();
  }

  @Test
  void a_bad_operator_name_and_a_form_encoded_sign_in_are_refused() {
    Http.Response badName =
        signIn(Json.write(Map.of("operator", "ada lovelace!", "token", TestHubs.ALPHA)));
    assertThat(badName.status()).isEqualTo(400);
    assertThat(badName.header("Set-Cookie")).isNull();

    Http.Response form =
        post(
            "/console/sign-in",
            "operator=ada&token=" + TestHubs.ALPHA,
            "Content-Type",
            "application/x-www-form-urlencoded");
    assertThat(form.status()).isEqualTo(415);
    assertThat(form.header("Set-Cookie")).isNull();

    Http.Response foreign =
        signIn(
            Json.write(Map.of("operator", "ada", "token", TestHubs.ALPHA)),
            "Origin",
            "https://evil.example");
    assertThat(foreign.status()).isEqualTo(403);
    assertThat(foreign.errorCode()).isEqualTo("origin_not_allowed");
    assertThat(foreign.header("Set-Cookie")).isNull();
  }

  @Test
  void the_cookie_stands_for_the_token_and_unsafe_methods_need_the_csrf_header() {
    Session s = session("ada", TestHubs.ALPHA);

    Http.Response whoami = http.get("/v1/whoami", "Cookie", s.cookie());
    assertThat(whoami.status()).isEqualTo(200);
    assertThat(whoami.json().path("project").asString()).isEqualTo("alpha");

    String heartbeat = "/v1/agents/" + s.humanId() + "/heartbeat";
    Http.Response none = post(heartbeat, "", "Cookie", s.cookie());
    assertThat(none.status()).isEqualTo(403);
    assertThat(none.errorCode()).isEqualTo("csrf_invalid");

    Http.Response wrong = post(heartbeat, "", "Cookie", s.cookie(), "X-KXM-CSRF", "csrf_guess");
    assertThat(wrong.status()).isEqualTo(403);
    assertThat(wrong.errorCode()).isEqualTo("csrf_invalid");

    Http.Response right = post(heartbeat, "", "Cookie", s.cookie(), "X-KXM-CSRF", s.csrf());
    assertThat(right.status()).as(right.body()).isEqualTo(200);
    assertThat(right.json().path("agent").path("name").asString()).isEqualTo("ada");
  }

  @Test
  void a_bearer_request_is_unchanged_by_a_cookie_beside_it() {
    Session s = session("ada", TestHubs.ALPHA);

    Http.Response bearer =
        post(
            "/v1/projects/alpha/agents",
            Json.write(Map.of("name", "builder")),
            "Authorization",
            "Bearer " + TestHubs.ALPHA,
            "Content-Type",
            "application/json",
            "Cookie",
            s.cookie());
    assertThat(bearer.status()).as(bearer.body()).isEqualTo(201);

    Http.Response wrongBearer =
        http.get("/v1/whoami", "Authorization", "Bearer nope-0123456789", "Cookie", s.cookie());
    assertThat(wrongBearer.status()).isEqualTo(401);
    assertThat(wrongBearer.errorCode()).isEqualTo("auth_invalid");
  }

  @Test
  void the_session_acts_for_its_human_agent_only() {
    Session s = session("ada", TestHubs.ALPHA);
    Http.Response other =
        post(
            "/v1/projects/alpha/agents",
            Json.write(Map.of("name", "builder")),
            "Authorization",
            "Bearer " + TestHubs.ALPHA,
            "Content-Type",
            "application/json");
    String builderId = other.json().path("agentId").asString();

    Http.Response own = http.get("/v1/agents/" + s.humanId() + "/inbox", "Cookie", s.cookie());
    assertThat(own.status()).as(own.body()).isEqualTo(200);

    Http.Response foreign = http.get("/v1/agents/" + builderId + "/inbox", "Cookie", s.cookie());
    assertThat(foreign.status()).isEqualTo(401);
    assertThat(foreign.errorCode()).isEqualTo("agent_key_invalid");
  }

  @Test
  void signing_out_ends_the_session() {
    Session s = session("ada", TestHubs.ALPHA);

    Http.Response out = post("/console/sign-out", "", "Cookie", s.cookie(), "X-KXM-CSRF", s.csrf());
    assertThat(out.status()).isEqualTo(200);
    assertThat(out.header("Set-Cookie")).contains("Max-Age=0");

    Http.Response after = http.get("/v1/whoami", "Cookie", s.cookie());
    assertThat(after.status()).isEqualTo(401);
    assertThat(after.errorCode()).isEqualTo("auth_required");
    assertThat(http.get("/console", "Cookie", s.cookie()).body()).contains("sign-in-form");
  }

  @Test
  void console_files_have_their_types_and_cache_rules_and_nothing_else_is_served() {
    Http.Response app = http.get("/console/assets/app.js");
    assertThat(app.status()).isEqualTo(200);
    assertThat(app.header("Content-Type")).startsWith("text/javascript");
    assertThat(app.header("Cache-Control")).isEqualTo("no-cache");
    assertThat(app.header("X-Content-Type-Options")).isEqualTo("nosniff");

    Http.Response uplot = http.get("/console/assets/vendor/uplot/uPlot.esm.js");
    assertThat(uplot.status()).isEqualTo(200);
    assertThat(uplot.header("Cache-Control")).contains("max-age");
    assertThat(http.get("/console/assets/vendor/uplot/uPlot.min.css").header("Content-Type"))
        .startsWith("text/css");

    assertThat(http.get("/console/assets/../../HubServer.class").status()).isEqualTo(404);
    assertThat(http.get("/console/assets/%2e%2e/secret.js").status()).isEqualTo(404);
    assertThat(http.get("/console/assets/missing.js").status()).isEqualTo(404);
  }
}
