package io.kxm.cli.hub.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.cli.session.SessionSupervisor;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A real hub with the runtime bridge, as {@code kxm hub start} assembles it, over a project folder,
 * and the user's real supervisor as a child process ({@code kxm runtime start}) over the same
 * {@code KXM_STATE_HOME}. The console may run the example echo agent as {@code command:echo}.
 */
final class RuntimeHub implements AutoCloseable {
  record Reply(int status, JsonNode body, String text) {
    String code() {
      return body.path("error").path("code").asString();
    }
  }

  private final Path dir;
  private final Map<String, String> env;
  private final HubServer hub;
  private final HttpClient http = HttpClient.newHttpClient();

  private RuntimeHub(Path dir, Map<String, String> env, HubServer hub) {
    this.dir = dir;
    this.env = env;
    this.hub = hub;
  }

  static RuntimeHub start(Path dir, String... extraCommands) throws IOException {
    Map<String, String> env = TestEnv.hub(dir);
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    env.put("KXM_SHUTDOWN_GRACE_MS", "2000");
    StringBuilder commands =
        new StringBuilder("echo=python3 ").append(SessionSupervisor.echoAgent());
    for (String extra : extraCommands) {
      commands.append(',').append(extra);
    }
    env.put(ConsoleHarnesses.VARIABLE, commands.toString());
    Path project = Files.createDirectories(dir.resolve("project"));
    HubServer hub =
        HubAssembly.start(
            HubConfig.fromEnvironment(env, project), env, List.of(new RuntimeBridge(env)));
    return new RuntimeHub(dir, env, hub);
  }

  String baseUrl() {
    return hub.baseUrl();
  }

  Path project() {
    return dir.resolve("project");
  }

  Map<String, String> env() {
    return env;
  }

  /** Runs a {@code kxm} command in this hub's environment; returns its exit code and output. */
  String[] kxm(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        new Cli(env, project(), new PrintWriter(out, true), new PrintWriter(err, true)).run(args);
    return new String[] {Integer.toString(code), out.toString(), err.toString()};
  }

  void startSupervisor() {
    String[] started = kxm("runtime", "start");
    assertThat(started[0]).as(started[2]).isEqualTo("0");
  }

  /** The supervisor's own token, which must never reach a browser. */
  String supervisorToken() throws IOException {
    return Files.readString(dir.resolve("state/runtime/supervisor.token")).strip();
  }

  Reply get(String path, String token) throws IOException, InterruptedException {
    return send(request(path, token).GET());
  }

  Reply post(String path, String token, String json) throws IOException, InterruptedException {
    return send(
        request(path, token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  /** Opens an event stream; the caller reads and closes it. */
  HttpResponse<InputStream> stream(String path, String token, Long lastEventId)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = request(path, token).header("Accept", "text/event-stream");
    if (lastEventId != null) {
      request.header("Last-Event-ID", Long.toString(lastEventId));
    }
    return http.send(request.GET().build(), HttpResponse.BodyHandlers.ofInputStream());
  }

  private HttpRequest.Builder request(String path, String token) {
    return HttpRequest.newBuilder(URI.create(hub.baseUrl() + path))
        .timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + token);
  }

  private Reply send(HttpRequest.Builder request) throws IOException, InterruptedException {
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    String text = response.body();
    JsonNode body = text.isBlank() ? Json.object() : Json.read(text);
    return new Reply(response.statusCode(), body, text);
  }

  @Override
  public void close() {
    kxm("runtime", "stop");
    hub.close();
    http.close();
  }
}
