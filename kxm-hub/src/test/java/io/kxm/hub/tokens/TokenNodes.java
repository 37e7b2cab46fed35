package io.kxm.hub.tokens;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A hub node as {@code kxm hub start} runs it, with its own state folder and credentials file. */
record TokenNodes(HubServer hub, Http http, Path hubEnv) implements AutoCloseable {

  /** Starts a node in {@code dir} with {@code extra} settings on top of the test defaults. */
  static TokenNodes start(Path dir, Map<String, String> extra) {
    Map<String, String> env = TestHubs.env(dir);
    env.putAll(extra);
    HubConfig config = HubConfig.fromEnvironment(env, dir.resolve("project"));
    HubServer hub = HubAssembly.start(config, env);
    return new TokenNodes(hub, new Http(hub.baseUrl()), config.state().hubEnv());
  }

  /**
   * Writes a project token into the node's hub-env.json as {@code kxm auth project-token create}.
   */
  static String createInFile(Path dir, String project) {
    Map<String, String> env = TestHubs.env(dir);
    HubConfig config = HubConfig.fromEnvironment(env, dir.resolve("project"));
    return HubCredentials.load(config.state().hubEnv()).createProjectToken(project);
  }

  String admin() {
    return HubCredentials.load(hubEnv).savedAdminToken().orElseThrow();
  }

  String hubEnvText() {
    try {
      return Files.readString(hubEnv);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Http.Response whoami(String token) {
    return http.getWithToken("/v1/whoami", token);
  }

  Http.Response post(String path, String token) {
    return http.postJson(path, token, "{}");
  }

  String rotate(String project) {
    Http.Response answer = post("/v1/admin/projects/" + project + "/token/rotate", admin());
    if (answer.status() != 200) {
      throw new AssertionError("rotate failed: " + answer.status() + " " + answer.body());
    }
    return Json.read(answer.body()).path("token").asString();
  }

  @Override
  public void close() {
    hub.close();
  }
}
