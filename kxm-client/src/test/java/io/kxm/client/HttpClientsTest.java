package io.kxm.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;

class HttpClientsTest {
  @Test
  void a_plain_http_client_calls_the_hub_without_the_jdk_s_tls_context() throws Exception {
    try (WireServer wire = new WireServer().json("GET", "/health", 200, "{\"ok\":true}");
        HttpClient client = HttpClients.forBase(wire.base()).build()) {
      HttpResponse<String> answer =
          client.send(
              HttpRequest.newBuilder(wire.base().resolve("/health")).build(),
              HttpResponse.BodyHandlers.ofString());

      assertThat(answer.statusCode()).isEqualTo(200);
      assertThat(answer.body()).isEqualTo("{\"ok\":true}");
      assertThat(client.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
      assertThat(client.sslContext()).isNotSameAs(SSLContext.getDefault());
      // never used for http://, and no TLS call could go out through it unchecked
      assertThatThrownBy(() -> client.sslContext().createSSLEngine())
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("plain HTTP only");
    }
  }

  @Test
  void an_https_client_keeps_the_jdk_s_tls_context() throws Exception {
    try (HttpClient client = HttpClients.forBase(URI.create("https://hub.example:7331")).build()) {
      assertThat(client.sslContext()).isSameAs(SSLContext.getDefault());
    }
  }
}
