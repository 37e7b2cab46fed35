package io.kxm.mcp.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.mcp.InMemoryHub;
import io.kxm.mcp.McpServerOptions;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A server bound beyond loopback answers any Host, since clients use names it cannot know. */
class AnyHostTest {

  @Test
  void an_endpoint_with_any_host_answers_a_host_it_was_never_told() throws Exception {
    McpHttpEndpoint<String> endpoint =
        McpHttpEndpoint.<String>builder(
                token -> Optional.ofNullable(token).filter("token-a"::equals),
                (project, agent, purpose) -> new InMemoryHub().as(agent))
            .options(McpServerOptions.defaults("test"))
            .anyHost()
            .build();
    try (JettyHarness jetty = new JettyHarness().mount("/", endpoint).start();
        Socket socket = new Socket("127.0.0.1", jetty.port())) {
      String body = HttpBoundaryTest.INITIALIZE;
      String request =
          "POST /mcp HTTP/1.1\r\nHost: hub.internal.example:7331\r\n"
              + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
              + "Authorization: Bearer token-a\r\nX-KXM-Agent-Name: remote\r\n"
              + "Connection: close\r\nContent-Length: "
              + body.length()
              + "\r\n\r\n"
              + body;
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.UTF_8));
      out.flush();
      InputStream in = socket.getInputStream();
      String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertThat(answer).startsWith("HTTP/1.1 200").containsIgnoringCase("Mcp-Session-Id");
    }
  }

  @Test
  void an_endpoint_needs_allowed_hosts_unless_it_answers_any_host() {
    assertThatThrownBy(() ->
            McpHttpEndpoint.<String>builder(token -> Optional.empty(), (p, a, u) -> null).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("anyHost()");
  }
}
