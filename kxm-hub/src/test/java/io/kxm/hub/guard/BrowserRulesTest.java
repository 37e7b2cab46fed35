package io.kxm.hub.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.HubServer;
import io.kxm.hub.support.EchoFeature;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrowserRulesTest {
  static final String ALLOWED = "https://dash.example.com";
  @TempDir static Path dir;
  static HubServer hub;
  static Http http;

  @BeforeAll
  static void start() {
    hub =
        HubServer.builder(
                TestHubs.withTokens(dir)
                    .withAllowedOrigins(List.of(ALLOWED + "/"))
                    .withMaxBodyBytes(1024))
            .feature(new EchoFeature())
            .start();
    http = new Http(hub.baseUrl());
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  @Test
  void a_host_that_does_not_name_the_server_is_refused_before_credentials() {
    var response = http.get("/v1/whoami", "Host", "rebind.attacker.example:" + hub.port());

    assertThat(response.status()).isEqualTo(421);
    assertThat(response.errorCode()).isEqualTo("host_not_allowed");
  }

  @Test
  void a_foreign_host_is_refused_even_on_public_routes() {
    var response = http.get("/health", "Host", "rebind.attacker.example");

    assertThat(response.status()).isEqualTo(421);
    assertThat(response.errorCode()).isEqualTo("host_not_allowed");
  }

  @Test
  void loopback_names_with_or_without_the_port_are_accepted() {
    for (String host :
        List.of("localhost", "localhost:" + hub.port(), "127.0.0.1", "[::1]:" + hub.port())) {
      assertThat(http.get("/health", "Host", host).status()).as(host).isEqualTo(200);
    }
  }

  @Test
  void a_loopback_name_with_another_port_is_refused() {
    var response =
        http.get("/health", "Host", "localhost:" + (hub.port() == 1 ? 2 : hub.port() - 1));

    assertThat(response.status()).isEqualTo(421);
  }

  @Test
  void an_origin_not_listed_is_refused_before_credentials() {
    var response = http.get("/v1/whoami", "Origin", "https://evil.example");

    assertThat(response.status()).isEqualTo(403);
    assertThat(response.errorCode()).isEqualTo("origin_not_allowed");
  }

  @Test
  void a_listed_origin_and_the_hub_s_own_origin_are_accepted() {
    var listed =
        http.get("/v1/whoami", "Origin", ALLOWED, "Authorization", "Bearer " + TestHubs.ADMIN);
    var own = http.get("/health", "Origin", "http://127.0.0.1:" + hub.port());
    var otherLocalPort = http.get("/health", "Origin", "http://localhost");

    assertThat(listed.status()).isEqualTo(200);
    assertThat(own.status()).isEqualTo(200);
    assertThat(otherLocalPort.errorCode()).isEqualTo("origin_not_allowed");
  }

  @Test
  void a_body_that_is_not_json_is_refused_with_unsupported_media_type_before_credentials() {
    var response =
        http.send(
            http.request("/v1/test/echo", "Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("{\"a\":1}")));

    assertThat(response.status()).isEqualTo(415);
    assertThat(response.errorCode()).isEqualTo("unsupported_media_type");
  }

  @Test
  void a_body_without_a_content_type_is_refused() {
    var response =
        http.send(
            http.request("/v1/test/echo", "Authorization", "Bearer " + TestHubs.ADMIN)
                .POST(HttpRequest.BodyPublishers.ofString("{}")));

    assertThat(response.status()).isEqualTo(415);
  }

  @Test
  void json_with_a_charset_is_accepted() {
    var response =
        http.send(
            http.request(
                    "/v1/test/echo",
                    "Authorization",
                    "Bearer " + TestHubs.ADMIN,
                    "Content-Type",
                    "Application/JSON; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofString("{\"a\":1}")));

    assertThat(response.status()).isEqualTo(200);
  }

  @Test
  void malformed_json_is_refused_with_invalid_json_before_credentials() {
    var response =
        http.send(
            http.request("/v1/test/echo", "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{not json")));

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.errorCode()).isEqualTo("invalid_json");
    assertThat(response.body()).doesNotContain("not json");
  }

  @Test
  void a_declared_body_over_the_limit_is_refused_with_body_too_large() {
    var response = http.postJson("/v1/test/echo", TestHubs.ADMIN, "[\"" + "x".repeat(2000) + "\"]");

    assertThat(response.status()).isEqualTo(413);
    assertThat(response.errorCode()).isEqualTo("body_too_large");
    assertThat(response.json().path("error").path("message").asString()).contains("1024");
  }

  @Test
  void a_streamed_body_over_the_limit_is_refused_with_body_too_large() {
    byte[] big = ("[\"" + "x".repeat(2000) + "\"]").getBytes();
    var response =
        http.send(
            http.request(
                    "/v1/test/echo",
                    "Authorization",
                    "Bearer " + TestHubs.ADMIN,
                    "Content-Type",
                    "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))));

    assertThat(response.status()).isEqualTo(413);
    assertThat(response.errorCode()).isEqualTo("body_too_large");
  }
}
