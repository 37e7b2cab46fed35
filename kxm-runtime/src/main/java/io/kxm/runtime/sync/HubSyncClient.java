package io.kxm.runtime.sync;

import io.kxm.core.json.Json;
import io.kxm.core.sync.SyncEvent;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code POST /v1/runtime/sync} over {@code java.net.http}; never logs the token or the body. */
final class HubSyncClient {

  /** The hub's answer: its status and its parsed body (null when the body was not JSON). */
  record Answer(int status, JsonNode body) {
    String errorCode() {
      return body == null
          ? "http_" + status
          : body.path("error").path("code").asString("http_" + status);
    }

    String errorMessage() {
      return body == null ? "" : body.path("error").path("message").asString("");
    }
  }

  private final HubBinding binding;
  private final Duration timeout;
  private final HttpClient http;

  HubSyncClient(HubBinding binding, Duration timeout) {
    this.binding = binding;
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  /**
   * @throws IOException when the hub cannot be reached or the connection breaks
   */
  Answer push(String runtimeId, List<SyncEvent> events) throws IOException, InterruptedException {
    ObjectNode body = Json.object();
    body.put("runtimeId", runtimeId);
    ArrayNode array = body.putArray("events");
    for (SyncEvent event : events) {
      ObjectNode node = array.addObject();
      node.put("project", event.project());
      node.put("runId", event.runId());
      node.put("sequence", event.sequence());
      node.put("type", event.type());
      node.put("at", event.at().toString());
      node.set("data", event.data());
    }
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(binding.url() + "/v1/runtime/sync"))
            .timeout(timeout)
            .header("Authorization", "Bearer " + binding.token())
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(Json.writeBytes(body)))
            .build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    JsonNode parsed;
    try {
      parsed = Json.read(response.body());
    } catch (JacksonException e) {
      parsed = null;
    }
    return new Answer(response.statusCode(), parsed);
  }
}
