package io.kxm.hub.support;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The whole hub as {@code kxm hub start} runs it ({@link HubAssembly}) on a SQLite file in a
 * folder, with the test tokens (admin, alpha, beta), for the operations stream's tests. A second
 * start on the same folder reopens the same store.
 */
public final class OpsHub implements AutoCloseable {
  public final HubServer hub;
  public final Http http;

  private OpsHub(HubServer hub) {
    this.hub = hub;
    this.http = new Http(hub.baseUrl());
  }

  public static OpsHub start(Path dir) {
    return start(dir, Map.of(), Clock.systemUTC());
  }

  public static OpsHub start(Path dir, Map<String, String> extraEnv, Clock clock) {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    env.put("KXM_SSE_HEARTBEAT_MS", "300");
    env.putAll(extraEnv);
    HubConfig config = HubConfig.fromEnvironment(env, dir.resolve("project"));
    return new OpsHub(HubAssembly.start(config, env, clock));
  }

  /** Registers {@code name} in {@code project} with that project's {@code token}. */
  public AgentClient agent(String project, String token, String name) {
    Http.Response response =
        http.postJson(
            "/v1/projects/" + project + "/agents",
            token,
            Json.write(Map.of("name", name, "purpose", "tests " + name)));
    if (response.status() != 201) {
      throw new AssertionError("registration failed: " + response.status() + " " + response.body());
    }
    JsonNode body = response.json();
    return new AgentClient(
        http, token, body.path("agentId").asString(), body.path("agentKey").asString(), name);
  }

  public AgentClient agent(String name) {
    return agent("alpha", TestHubs.ALPHA, name);
  }

  /** Opens {@code GET /v1/ops/events} with {@code query} (from {@code ?}) and extra headers. */
  public SseStream events(String token, String query, String... headers) {
    String[] all = new String[headers.length + 2];
    all[0] = "Authorization";
    all[1] = "Bearer " + token;
    System.arraycopy(headers, 0, all, 2, headers.length);
    return SseStream.open(http.request("/v1/ops/events" + query, all).GET());
  }

  public Http.Response snapshot(String token, String query) {
    return http.getWithToken("/v1/ops/snapshot" + query, token);
  }

  public String baseUrl() {
    return hub.baseUrl();
  }

  @Override
  public void close() {
    hub.stop();
  }
}
