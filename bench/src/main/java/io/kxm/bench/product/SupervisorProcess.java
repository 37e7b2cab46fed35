package io.kxm.bench.product;

import io.kxm.bench.Run;
import io.kxm.bench.client.SseStream;
import io.kxm.bench.proc.Child;
import io.kxm.bench.proc.Jvm;
import io.kxm.bench.proc.TestPostgres;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The runtime supervisor as a child process ({@code kxm runtime start --foreground}) on a free
 * loopback port, its user state in a folder of the suite's own. Started again on the same folder it
 * is a restart: same stores, same token, a new port. How the supervisor is started is settled here.
 */
public final class SupervisorProcess implements AutoCloseable {
  private static final JsonMapper JSON = JsonMapper.shared();
  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

  private final Path dir;
  private final Child child;
  private final URI base;
  private final String token;
  private final Map<String, String> extraEnv;
  private final HttpClient http = HttpClient.newHttpClient();
  private TestPostgres postgres; // with schemas: where this supervisor's runtime stores are
  private String schemas;

  private SupervisorProcess(
      Path dir, Child child, URI base, String token, Map<String, String> extraEnv) {
    this.dir = dir;
    this.child = child;
    this.base = base;
    this.token = token;
    this.extraEnv = Map.copyOf(extraEnv);
  }

  /** The supervisor the session scenarios share, started once per run. */
  public static SupervisorProcess shared(Run run) throws Exception {
    return run.shared(
        "supervisor-sessions",
        SupervisorProcess.class,
        r -> start(r.newDir("supervisor-"), "supervisor"));
  }

  /**
   * The supervisor the session scenarios on PostgreSQL share: its stores in private schemas of the
   * test database ({@code KXM_RUNTIME_DATABASE_URL}), dropped when it stops.
   */
  public static SupervisorProcess sharedOnPostgres(Run run) throws Exception {
    return run.shared(
        "supervisor-sessions-postgres",
        SupervisorProcess.class,
        r -> {
          TestPostgres postgres = TestPostgres.fromEnvironment().requireUp();
          String prefix = TestPostgres.privateName("rt");
          SupervisorProcess started =
              start(
                  r.newDir("supervisor-pg-"),
                  "supervisor-pg",
                  Map.of(
                      "KXM_RUNTIME_DATABASE_URL",
                      postgres.url(),
                      "KXM_RUNTIME_DATABASE_SCHEMA",
                      prefix));
          return started.droppingSchemas(postgres, prefix);
        });
  }

  /**
   * Starts a supervisor whose user state lives in {@code dir/state}; {@code name} names its log in
   * {@code dir}, so that a restart keeps the first process's log.
   */
  public static SupervisorProcess start(Path dir, String name) throws Exception {
    return start(dir, name, Map.of());
  }

  /**
   * Starts a supervisor as {@link #start(Path, String)} does, with {@code extraEnv} added to its
   * environment (a model provider's base URL and key, say).
   */
  public static SupervisorProcess start(Path dir, String name, Map<String, String> extraEnv)
      throws Exception {
    // As a user starts it: through the kxm launcher beside the jar, with the JVM options and the
    // start-up cache it gives a server.
    Map<String, String> env = new LinkedHashMap<>(Jvm.launcherEnv());
    env.putAll(extraEnv);
    List<String> command =
        List.of(
            Jvm.launcher(HubProcess.requireJar()).toString(), "runtime", "start", "--foreground");
    return start(dir, name, env, command);
  }

  private static SupervisorProcess start(
      Path dir, String name, Map<String, String> extraEnv, List<String> command) throws Exception {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("KXM_STATE_HOME", dir.resolve("state").toString());
    env.putAll(extraEnv);
    var started =
        Child.start(
            name,
            command,
            dir,
            env,
            START_TIMEOUT,
            false,
            line -> {
              int at = line.indexOf("http://127.0.0.1:");
              return at < 0 ? null : line.substring(at).split(" ")[0];
            });
    String url = started.value();
    URI base = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
    String token = Files.readString(dir.resolve("state/runtime/supervisor.token")).strip();
    return new SupervisorProcess(dir, started.child(), base, token, extraEnv);
  }

  /**
   * A new supervisor process on this one's folder (after {@link #kill}), on a new port, with the
   * same added environment.
   */
  public SupervisorProcess restart(String name) throws Exception {
    return start(dir, name, extraEnv);
  }

  private SupervisorProcess droppingSchemas(TestPostgres database, String prefix) {
    this.postgres = database;
    this.schemas = prefix;
    return this;
  }

  /** The schema of one runtime store on PostgreSQL, such as {@code sessions}. */
  public String runtimeSchema(String store) {
    if (schemas == null) {
      throw new IllegalStateException("this supervisor keeps its stores in SQLite files");
    }
    return schemas + "_" + store;
  }

  public URI base() {
    return base;
  }

  /** The session store the supervisor writes, for raw reads beside it. */
  public Path sessionsDb() {
    return dir.resolve("state/runtime/sessions.db");
  }

  public Path dir() {
    return dir;
  }

  public Child child() {
    return child;
  }

  public Map<String, String> authHeaders() {
    Map<String, String> h = new LinkedHashMap<>();
    h.put("Authorization", "Bearer " + token);
    return h;
  }

  /** POSTs a JSON body; anything but a 2xx answer is an error naming the status and body. */
  public JsonNode post(String path, String json) throws IOException, InterruptedException {
    return send(
        HttpRequest.newBuilder(base.resolve(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  public JsonNode get(String path) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(base.resolve(path)).GET());
  }

  /** The status code alone, for probing whether a route exists. */
  public int status(String method, String path, String json)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(base.resolve(path))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(json));
    return http.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  private JsonNode send(HttpRequest.Builder request) throws IOException, InterruptedException {
    HttpResponse<String> response =
        http.send(
            request.header("Authorization", "Bearer " + token).build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() / 100 != 2) {
      throw new IllegalStateException(
          request.build().method()
              + " "
              + request.build().uri().getPath()
              + " answered "
              + response.statusCode()
              + ": "
              + response.body());
    }
    return JSON.readTree(response.body());
  }

  /** A run's event stream after {@code after} (0: from its first event). */
  public SseStream runEvents(String runId, long after, int bufferSize) throws IOException {
    return SseStream.open(
        base, "/v1/runs/" + runId + "/events?after=" + after, authHeaders(), bufferSize);
  }

  /** {@code kill -9}: nothing is flushed, no harness is ended, no client is told. */
  public void kill() throws InterruptedException {
    child.kill();
  }

  @Override
  public void close() {
    child.close();
    if (schemas != null) {
      postgres.dropSchemasStartingWith(schemas); // once no connection of the child holds them
    }
  }

  @Override
  public String toString() {
    return child.toString();
  }
}
