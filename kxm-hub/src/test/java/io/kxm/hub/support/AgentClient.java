package io.kxm.hub.support;

import io.kxm.core.json.Json;
import io.kxm.hub.auth.AgentAuth;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One registered agent talking to a hub over real HTTP with its project token and agent key. */
public final class AgentClient {
  private final Http http;
  private final String token;
  public final String id;
  public final String key;
  public final String name;

  public AgentClient(Http http, String token, String id, String key, String name) {
    this.http = http;
    this.token = token;
    this.id = id;
    this.key = key;
    this.name = name;
  }

  /** The same agent talking to another hub (a restarted one, another node). */
  public AgentClient(Http http, AgentClient agent) {
    this(http, agent.token, agent.id, agent.key, agent.name);
  }

  /** The same agent presenting another key (a rotated-away one, say). */
  public AgentClient withKey(String otherKey) {
    return new AgentClient(http, token, id, otherKey, name);
  }

  /** The same agent presenting another bearer token. */
  public AgentClient withToken(String otherToken) {
    return new AgentClient(http, otherToken, id, key, name);
  }

  public HttpRequest.Builder request(String suffix, String... headers) {
    List<String> all = new ArrayList<>(List.of("Authorization", "Bearer " + token));
    if (key != null) {
      all.addAll(List.of(AgentAuth.HEADER, key));
    }
    all.addAll(List.of(headers));
    return http.request("/v1/agents/" + id + suffix, all.toArray(String[]::new));
  }

  public Http.Response get(String suffix) {
    return http.send(request(suffix).GET());
  }

  public Http.Response post(String suffix, String json) {
    return http.send(
        request(suffix, "Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  public Http.Response post(String suffix) {
    return http.send(request(suffix).POST(HttpRequest.BodyPublishers.noBody()));
  }

  public Http.Response delete(String suffix) {
    return http.send(request(suffix).DELETE());
  }

  /** Sends {@code body} (a map written as JSON) as a request. */
  public Http.Response send(Map<String, ?> body) {
    return post("/messages", Json.write(body));
  }

  public Http.Response send(String target, String content) {
    return send(Map.of("target", target, "content", content));
  }

  /** Sends and returns the new message id; fails unless the hub answered 201. */
  public String sendOk(String target, String content) {
    Http.Response response = send(target, content);
    if (response.status() != 201) {
      throw new AssertionError("send failed: " + response.status() + " " + response.body());
    }
    return response.json().path("messageId").asString();
  }

  public Http.Response message(String messageId) {
    return get("/messages/" + messageId);
  }

  public Http.Response ack(String messageId) {
    return post("/messages/" + messageId + "/ack");
  }

  public Http.Response reply(String messageId, String content) {
    return post("/messages/" + messageId + "/reply", Json.write(Map.of("content", content)));
  }

  public Http.Response cancel(String messageId) {
    return post("/messages/" + messageId + "/cancel");
  }

  public Http.Response await(String messageId, long timeoutMs) {
    return get("/messages/" + messageId + "/await?timeoutMs=" + timeoutMs);
  }

  public Http.Response inbox() {
    return get("/inbox");
  }

  public Http.Response peers(boolean includeOffline) {
    return get("/peers?includeOffline=" + includeOffline);
  }

  public Http.Response heartbeat() {
    return post("/heartbeat");
  }

  /** Opens the agent's event stream with extra headers, for example {@code Last-Event-ID}. */
  public SseStream events(String query, String... headers) {
    return SseStream.open(request("/events" + query, headers).GET());
  }

  public SseStream events() {
    return events("");
  }
}
