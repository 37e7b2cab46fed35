package io.kxm.hub.log;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.EchoFeature;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class RequestLogTest {
  @TempDir Path dir;

  @Test
  void each_request_is_one_json_line_without_token_body_or_query() throws Exception {
    Path logFile;
    try (HubServer hub =
        HubServer.builder(TestHubs.withTokens(dir)).feature(new EchoFeature()).start()) {
      var http = new Http(hub.baseUrl());
      http.postJson(
          "/v1/test/echo?signature=query-secret-1", TestHubs.ALPHA, "{\"note\":\"body-secret-2\"}");
      http.getWithToken("/v1/test/items/77", TestHubs.ADMIN);
      http.getWithToken("/v1/whoami", "wrong-token-secret-3");
      logFile = hub.log().file();
    }

    String text = Files.readString(logFile);
    assertThat(text)
        .doesNotContain(TestHubs.ALPHA, TestHubs.ADMIN, "wrong-token-secret-3")
        .doesNotContain("query-secret-1", "signature", "body-secret-2", "note");
    List<JsonNode> requests =
        text.lines()
            .map(Json::read)
            .filter(l -> l.path("event").asString().equals("request"))
            .toList();
    assertThat(requests).hasSize(3);
    JsonNode echo = requests.get(0);
    assertThat(echo.path("ts").asString()).isNotBlank();
    assertThat(echo.path("level").asString()).isEqualTo("info");
    assertThat(echo.path("requestId").asString()).startsWith("req_");
    assertThat(echo.path("method").asString()).isEqualTo("POST");
    assertThat(echo.path("route").asString()).isEqualTo("/v1/test/echo");
    assertThat(echo.path("status").asInt()).isEqualTo(200);
    assertThat(echo.path("ms").isNumber()).isTrue();
    assertThat(echo.path("principal").asString()).isEqualTo("project");
    assertThat(requests.get(1).path("route").asString()).isEqualTo("/v1/test/items/{id}");
    assertThat(requests.get(1).path("principal").asString()).isEqualTo("admin");
    assertThat(requests.get(2).path("status").asInt()).isEqualTo(401);
    assertThat(requests.get(2).path("principal").asString()).isEqualTo("none");
  }

  @Test
  void start_and_stop_are_logged_with_the_auth_source_only() throws Exception {
    Path logFile;
    try (HubServer hub = HubServer.start(TestHubs.fresh(dir))) {
      logFile = hub.log().file();
    }

    List<JsonNode> lines = Files.readString(logFile).lines().map(Json::read).toList();
    assertThat(lines)
        .extracting(l -> l.path("event").asString())
        .contains("hub.started", "hub.draining", "hub.stopped");
    JsonNode started =
        lines.stream()
            .filter(l -> l.path("event").asString().equals("hub.started"))
            .findFirst()
            .orElseThrow();
    assertThat(started.path("auth").asString()).isEqualTo("generated");
    assertThat(Files.readString(logFile)).doesNotContain("kxm_admin_");
  }
}
