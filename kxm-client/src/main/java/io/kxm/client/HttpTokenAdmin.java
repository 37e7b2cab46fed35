package io.kxm.client;

import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The operator's token routes over HTTP, with the admin token: rotate or revoke a project's token,
 * list project tokens, rotate the admin token. Answers are the routes' JSON.
 */
public final class HttpTokenAdmin implements AutoCloseable {
  private final HubHttp http;

  /**
   * @param http a client that carries the admin token
   */
  public HttpTokenAdmin(HubHttp http) {
    this.http = http;
  }

  @Override
  public void close() {
    http.close();
  }

  /** {@code {"project", "token", "createdAt", "generation"}}; the token is shown only here. */
  public JsonNode rotateProject(String project) {
    return http.post(projectPath(project) + "/rotate", Map.of(), Map.of());
  }

  /** {@code {"project", "revoked": true}}. */
  public JsonNode revokeProject(String project) {
    return http.post(projectPath(project) + "/revoke", Map.of(), Map.of());
  }

  /** {@code {"tokens": [{"project", "createdAt", "generation", "source"}]}}, no values. */
  public JsonNode list() {
    return http.get("/v1/admin/project-tokens", Map.of(), HubHttp.CALL_TIMEOUT);
  }

  /** {@code {"token", "createdAt", "generation"}}. */
  public JsonNode rotateAdmin() {
    return http.post("/v1/admin/admin-token/rotate", Map.of(), Map.of());
  }

  private static String projectPath(String project) {
    // The hub checks the name; encoding keeps a hostile one inside its path segment.
    return "/v1/admin/projects/"
        + java.net.URLEncoder.encode(project, java.nio.charset.StandardCharsets.UTF_8)
            .replace("+", "%20")
        + "/token";
  }
}
