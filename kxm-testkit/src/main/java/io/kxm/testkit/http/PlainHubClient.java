package io.kxm.testkit.http;

import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;

/**
 * A plain HTTP client for tests that talk to a real hub: JSON in and out, the project token as
 * bearer and, for agent routes, the agent key.
 */
public final class PlainHubClient {
  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final String baseUrl;
  private final String token;

  public PlainHubClient(String baseUrl, String token) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  /** A response: status and parsed JSON body (null when empty). */
  public record Reply(int status, JsonNode body) {
    public String text(String field) {
      return body.get(field).asString();
    }
  }

  /** A registered agent's credentials. */
  public record AgentKey(String id, String key) {}

  public AgentKey register(String project, String name) throws IOException, InterruptedException {
    Reply reply =
        post(
            "/v1/projects/" + project + "/agents",
            null,
            "{\"name\":\"" + name + "\",\"purpose\":\"test\"}");
    if (reply.status() != 201) {
      throw new IOException("registration of " + name + " failed: " + reply);
    }
    return new AgentKey(reply.text("agentId"), reply.text("agentKey"));
  }

  public Reply post(String path, AgentKey agent, String json)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        base(path, agent)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json == null ? "{}" : json));
    return send(request.build());
  }

  public Reply get(String path, AgentKey agent) throws IOException, InterruptedException {
    return send(base(path, agent).GET().build());
  }

  /** Opens an SSE stream, resuming after {@code lastEventId} when it is positive. */
  public InputStream stream(String path, AgentKey agent, long lastEventId)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = base(path, agent).header("Accept", "text/event-stream").GET();
    if (lastEventId > 0) {
      request.header("Last-Event-ID", Long.toString(lastEventId));
    }
    HttpResponse<InputStream> response =
        client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    if (response.statusCode() != 200) {
      String body = new String(response.body().readAllBytes());
      throw new IOException("stream " + path + " answered " + response.statusCode() + ": " + body);
    }
    return response.body();
  }

  private HttpRequest.Builder base(String path, AgentKey agent) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .timeout(Duration.ofSeconds(30))
            .header("Authorization", "Bearer " + token);
    if (agent != null) {
      request.header("X-KXM-Agent-Key", agent.key());
    }
    return request;
  }

  private Reply send(HttpRequest request) throws IOException, InterruptedException {
    HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
    String body = response.body();
    return new Reply(
        response.statusCode(), body == null || body.isBlank() ? null : Json.read(body));
  }
}
