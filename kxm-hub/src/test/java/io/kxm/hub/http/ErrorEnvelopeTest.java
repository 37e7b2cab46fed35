package io.kxm.hub.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.HubServer;
import io.kxm.hub.log.HubLog;
import io.kxm.hub.support.EchoFeature;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErrorEnvelopeTest {
  @TempDir static Path dir;
  static HubServer hub;
  static Http http;

  @BeforeAll
  static void start() {
    hub = HubServer.builder(TestHubs.withTokens(dir)).feature(new EchoFeature()).start();
    http = new Http(hub.baseUrl());
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  @Test
  void an_unknown_path_answers_not_found_in_the_envelope() {
    var response = http.getWithToken("/v1/nothing-here", TestHubs.ADMIN);

    assertThat(response.status()).isEqualTo(404);
    assertThat(response.header("Content-Type")).startsWith("application/json");
    assertThat(response.errorCode()).isEqualTo("not_found");
    assertThat(response.json().path("error").path("message").asString())
        .contains("/v1/nothing-here");
    assertThat(response.json().path("error").path("hint").asString()).isNotBlank();
  }

  @Test
  void a_wrong_method_answers_method_not_allowed_in_the_envelope() {
    var response =
        http.send(http.request("/health", "Authorization", "Bearer " + TestHubs.ADMIN).DELETE());

    assertThat(response.status()).isEqualTo(405);
    assertThat(response.errorCode()).isEqualTo("method_not_allowed");
    assertThat(response.header("Allow")).contains("GET");
  }

  @Test
  void every_response_carries_a_request_id() {
    var ok = http.get("/health");
    var refused = http.get("/v1/whoami");
    var missing = http.get("/nope");

    assertThat(ok.header("X-Request-Id")).startsWith("req_");
    assertThat(refused.header("X-Request-Id")).startsWith("req_");
    assertThat(missing.header("X-Request-Id")).startsWith("req_");
    assertThat(ok.header("X-Request-Id")).isNotEqualTo(refused.header("X-Request-Id"));
  }

  @Test
  void a_plain_request_id_from_a_proxy_is_kept_and_a_strange_one_replaced() {
    var kept = http.get("/health", "X-Request-Id", "proxy-1234-abcd");
    var replaced = http.get("/health", "X-Request-Id", "<script>alert(1)</script>");

    assertThat(kept.header("X-Request-Id")).isEqualTo("proxy-1234-abcd");
    assertThat(replaced.header("X-Request-Id")).startsWith("req_");
  }

  @Test
  void an_unexpected_failure_is_internal_with_the_request_id_and_no_stack_trace() throws Exception {
    var response = http.getWithToken("/v1/test/boom", TestHubs.ADMIN);

    String id = response.header("X-Request-Id");
    assertThat(response.status()).isEqualTo(500);
    assertThat(response.errorCode()).isEqualTo("internal");
    assertThat(response.json().path("error").path("message").asString()).contains(id);
    assertThat(response.body())
        .doesNotContain("IllegalStateException", "at io.kxm", "hunter2", "db.internal");
    String log = Files.readString(dir.resolve("logs").resolve(HubLog.FILE_NAME));
    assertThat(log).contains(id, "IllegalStateException", "at io.kxm").doesNotContain("hunter2");
  }

  @Test
  void a_body_that_does_not_fit_the_json_type_is_invalid_json_only_when_malformed() {
    var malformed =
        http.send(
            http.request(
                    "/v1/test/echo",
                    "Authorization",
                    "Bearer " + TestHubs.ADMIN,
                    "Content-Type",
                    "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"a\": ")));
    var wellFormed = http.postJson("/v1/test/echo", TestHubs.ADMIN, "{\"a\": [1, 2]}");

    assertThat(malformed.status()).isEqualTo(400);
    assertThat(malformed.errorCode()).isEqualTo("invalid_json");
    assertThat(wellFormed.status()).isEqualTo(200);
    assertThat(wellFormed.json().path("a").get(1).asInt()).isEqualTo(2);
  }

  @Test
  void a_request_jetty_refuses_before_any_route_still_gets_the_envelope() {
    try (var raw = new io.kxm.hub.support.RawHttp(hub.port())) {
      raw.sendRaw(
          "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "a".repeat(20_000) + "\r\n\r\n");
      String response = raw.read();

      assertThat(response)
          .startsWith("HTTP/1.1 431")
          .contains("application/json", "\"code\":\"invalid_request\"");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void head_on_a_public_route_needs_no_credential() {
    var response =
        http.send(http.request("/health").method("HEAD", HttpRequest.BodyPublishers.noBody()));

    assertThat(response.status()).isEqualTo(200);
  }
}
