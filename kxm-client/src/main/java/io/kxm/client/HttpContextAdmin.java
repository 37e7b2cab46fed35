package io.kxm.client;

import io.kxm.core.json.Json;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The operator's context routes over HTTP, with the admin token: reads of any project, items,
 * proposals and their promotion. Bodies and answers are the routes' JSON; the hub validates them.
 */
public final class HttpContextAdmin implements AutoCloseable {
  private static final String BASE = "/v1/context";

  private final HubHttp http;

  /**
   * @param http a client that carries the admin token
   */
  public HttpContextAdmin(HubHttp http) {
    this.http = http;
  }

  @Override
  public void close() {
    http.close();
  }

  /** {@code {"item"}}. */
  public JsonNode addItem(JsonNode body) {
    return http.post(BASE + "/items", Map.of(), body);
  }

  /** {@code {"packet", "audit"}}; the body names the project. */
  public JsonNode packet(JsonNode body) {
    return http.post(BASE + "/packet", Map.of(), body);
  }

  public JsonNode recall(JsonNode body) {
    return http.post(BASE + "/recall", Map.of(), body);
  }

  public JsonNode state(JsonNode body) {
    return http.post(BASE + "/state", Map.of(), body);
  }

  public JsonNode episodes(JsonNode body) {
    return http.post(BASE + "/episodes", Map.of(), body);
  }

  /** {@code {"proposals"}}, newest first; {@code status} null for all. */
  public JsonNode proposals(String project, String status) {
    String query =
        "?project=" + encode(project) + (status == null ? "" : "&status=" + encode(status));
    return http.get(BASE + "/proposals" + query, Map.of(), HubHttp.CALL_TIMEOUT);
  }

  /** An operator's own proposal (human origin): {@code {"proposalId"}}. */
  public JsonNode propose(JsonNode body) {
    return http.post(BASE + "/proposals", Map.of(), body);
  }

  /** {@code {"proposal", "item"}}. */
  public JsonNode promote(String proposalId, String operator) {
    ObjectNode body = Json.object().put("promotedBy", operator);
    return http.post(BASE + "/proposals/" + encode(proposalId) + "/promote", Map.of(), body);
  }

  /** {@code {"proposal"}}. */
  public JsonNode reject(String proposalId, String operator) {
    ObjectNode body = Json.object().put("rejectedBy", operator);
    return http.post(BASE + "/proposals/" + encode(proposalId) + "/reject", Map.of(), body);
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
