package io.kxm.cli.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpServer;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** How the CLI reads a supervisor's refusals, against a web server that answers like one. */
class SupervisorAnswersTest {
  private HttpServer server;

  private SupervisorClient answering(int status, String contentType, String body) throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", contentType);
          exchange.sendResponseHeaders(status, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
    return new SupervisorClient(
        "http://127.0.0.1:" + server.getAddress().getPort(), "kxm_supervisor_test_token");
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void a_web_server_503_while_the_supervisor_stops_is_unreachable_so_callers_retry()
      throws Exception {
    SupervisorClient client =
        answering(503, "text/html", "<html><body>Service Unavailable</body></html>");

    KxmException e = catchThrowableOfType(KxmException.class, () -> client.get("/v1/runs/x"));

    assertThat(e.code()).isEqualTo(ErrorCode.RUNTIME_UNREACHABLE);
    assertThat(e.getMessage()).contains("HTTP 503").contains("stopping");
  }

  @Test
  void the_supervisors_own_refusal_keeps_its_code() throws Exception {
    SupervisorClient client =
        answering(
            503,
            "application/json",
            "{\"error\":{\"code\":\"server_draining\",\"message\":\"draining\"}}");

    KxmException e = catchThrowableOfType(KxmException.class, () -> client.get("/v1/runs/x"));

    assertThat(e.code()).isEqualTo(ErrorCode.SERVER_DRAINING);
  }
}
