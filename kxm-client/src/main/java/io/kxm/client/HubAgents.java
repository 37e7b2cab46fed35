package io.kxm.client;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Project-level calls: who a token is, and registering an agent. */
public final class HubAgents {
  /** Used when the hub does not say how long presence lasts. */
  static final Duration DEFAULT_LEASE = Duration.ofSeconds(60);

  private HubAgents() {}

  /**
   * What the token proves ({@code GET /v1/whoami}).
   *
   * @param role {@code admin} or {@code project}
   * @param project the project of a project token, else null
   */
  public record WhoAmI(String role, String project) {
    public boolean isAdmin() {
      return "admin".equals(role);
    }
  }

  public static WhoAmI whoAmI(HubHttp http) {
    JsonNode answer = http.get("/v1/whoami", Map.of(), HubHttp.CALL_TIMEOUT);
    String project = answer.path("project").isString() ? answer.path("project").asString() : null;
    return new WhoAmI(answer.path("role").asString(""), project);
  }

  /**
   * Registers {@code agent} in {@code project}, or reconnects it under the same name: the ID stays,
   * the key rotates, and its still-queued requests are pushed to its event stream again.
   */
  public static AgentCredentials register(HubHttp http, String project, AgentSpec agent) {
    ObjectNode body = Json.object().put("name", agent.name());
    putIfPresent(body, "purpose", agent.purpose());
    putIfPresent(body, "model", agent.model());
    putIfPresent(body, "host", agent.host());
    String path = "/v1/projects/" + URLEncoder.encode(project, StandardCharsets.UTF_8) + "/agents";
    JsonNode answer = http.post(path, Map.of(), body);
    String agentId = answer.path("agentId").asString(null);
    String agentKey = answer.path("agentKey").asString(null);
    if (agentId == null || agentKey == null) {
      throw new KxmException(
          ErrorCode.INTERNAL,
          "the hub registered agent " + agent.name() + " but sent no agentId or agentKey",
          "Check that KXM_SERVER_URL points at a KXM hub of this version.");
    }
    long leaseMs = answer.path("presenceLeaseMs").asLong(0);
    return new AgentCredentials(
        agentId,
        agentKey,
        answer.path("name").asString(agent.name()),
        answer.path("project").asString(project),
        leaseMs > 0 ? Duration.ofMillis(leaseMs) : DEFAULT_LEASE,
        instant(answer.path("agent").path("connectedAt")));
  }

  private static void putIfPresent(ObjectNode body, String field, String value) {
    if (value != null) {
      body.put(field, value);
    }
  }

  private static Instant instant(JsonNode value) {
    if (!value.isString()) {
      return null;
    }
    try {
      return Instant.parse(value.asString());
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
