package io.kxm.client;

import io.kxm.core.json.Json;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The hub's fenced leases as one registered agent holds them ({@code
 * /v1/agents/{agentId}/leases/{resource}}). Refusals arrive as the hub's codes: {@code lease_held},
 * {@code lease_not_held}, {@code lease_fenced}, {@code fence_unknown}. Thread-safe.
 */
public final class AgentLeases {
  /**
   * A lease this agent holds.
   *
   * @param fencingToken grows with every new holder of the resource; pass it with each write
   * @param expiresAt the deadline by the hub's clock
   */
  public record Grant(String resource, long fencingToken, Instant expiresAt) {}

  private final HubHttp http;
  private final AgentCredentials agent;
  private final Map<String, String> keyHeader;

  public AgentLeases(HubHttp http, AgentCredentials agent) {
    this.http = http;
    this.agent = agent;
    this.keyHeader = Map.of(HttpPeerOperations.AGENT_KEY_HEADER, agent.agentKey());
  }

  public Grant acquire(String resource, Duration ttl) {
    return grant(http.post(path(resource, ""), keyHeader, ttl(ttl)));
  }

  public Grant renew(String resource, Duration ttl) {
    return grant(http.post(path(resource, "/renew"), keyHeader, ttl(ttl)));
  }

  public void release(String resource) {
    http.delete(path(resource, ""), keyHeader);
  }

  /** Succeeds while {@code fencingToken} is the resource's current token. */
  public Grant fence(String resource, long fencingToken) {
    return grant(
        http.post(
            path(resource, "/fence"), keyHeader, Json.object().put("fencingToken", fencingToken)));
  }

  private static JsonNode ttl(Duration ttl) {
    return Json.object().put("ttlMs", ttl.toMillis());
  }

  private static Grant grant(JsonNode answer) {
    JsonNode lease = answer.path("lease");
    return new Grant(
        lease.path("resource").asString(),
        lease.path("fencingToken").asLong(),
        Instant.parse(lease.path("expiresAt").asString()));
  }

  private String path(String resource, String rest) {
    return "/v1/agents/" + encode(agent.agentId()) + "/leases/" + encode(resource) + rest;
  }

  private static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
