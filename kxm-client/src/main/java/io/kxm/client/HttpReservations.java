package io.kxm.client;

import io.kxm.core.json.Json;
import io.kxm.core.reserve.Reservation;
import io.kxm.core.reserve.ReservationRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reservations over the hub's HTTP API: reserving and releasing as one agent, and reading a
 * project's reservations with the project's token alone (the Git hook has no agent of its own).
 */
public final class HttpReservations {
  private final HubHttp http;

  public HttpReservations(HubHttp http) {
    this.http = http;
  }

  /** Reserves as the agent whose key {@code keyHeader} carries. */
  Reservation reserve(String agentId, Map<String, String> keyHeader, ReservationRequest request) {
    ObjectNode body = Json.object();
    ArrayNode paths = body.putArray("paths");
    request.globs().forEach(glob -> paths.add(glob.pattern()));
    body.put("mode", request.mode().wire());
    body.put("ttlMs", request.ttl().toMillis());
    if (request.reason() != null) {
      body.put("reason", request.reason());
    }
    return reservation(http.post(agentPath(agentId, ""), keyHeader, body));
  }

  Reservation release(String agentId, Map<String, String> keyHeader, String reservationId) {
    return reservation(http.delete(agentPath(agentId, "/" + encode(reservationId)), keyHeader));
  }

  /** The live reservations of {@code project}, oldest first. */
  public List<Reservation> live(String project) {
    return live(project, HubHttp.CALL_TIMEOUT);
  }

  /** The same, giving up after {@code timeout}. */
  public List<Reservation> live(String project, java.time.Duration timeout) {
    JsonNode answer = http.get(projectPath(project, ""), Map.of(), timeout).path("reservations");
    return Arrays.asList(Json.MAPPER.treeToValue(answer, Reservation[].class));
  }

  /** One reservation of {@code project}, live or ended within the hub's retention. */
  public Reservation find(String project, String reservationId) {
    return reservation(
        http.get(
            projectPath(project, "/" + encode(reservationId)), Map.of(), HubHttp.CALL_TIMEOUT));
  }

  private static Reservation reservation(JsonNode answer) {
    return Json.MAPPER.treeToValue(answer.path("reservation"), Reservation.class);
  }

  private static String agentPath(String agentId, String rest) {
    return "/v1/agents/" + encode(agentId) + "/reservations" + rest;
  }

  private static String projectPath(String project, String rest) {
    return "/v1/projects/" + encode(project) + "/reservations" + rest;
  }

  private static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
