package io.kxm.hub.support;

import io.kxm.core.json.Json;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Registers agents of project alpha over HTTP. */
final class MessagingHubAgents {
  private final Http http;

  MessagingHubAgents(Http http) {
    this.http = http;
  }

  AgentClient agent(String name) {
    Http.Response response =
        http.postJson(
            "/v1/projects/alpha/agents", TestHubs.ALPHA, Json.write(Map.of("name", name)));
    if (response.status() != 201) {
      throw new AssertionError("registration failed: " + response.status() + " " + response.body());
    }
    JsonNode body = response.json();
    return new AgentClient(
        http,
        TestHubs.ALPHA,
        body.path("agentId").asString(),
        body.path("agentKey").asString(),
        name);
  }
}
