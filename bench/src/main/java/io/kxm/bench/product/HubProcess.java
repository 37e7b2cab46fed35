package io.kxm.bench.product;

import io.kxm.bench.Run;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Request;
import io.kxm.bench.proc.Child;
import io.kxm.bench.proc.Jvm;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The real hub as a child process, from the CLI jar, on a free port, with its store and state in a
 * temporary folder and a project token of the suite's own. How the hub is started is settled in
 * this class alone.
 */
public final class HubProcess implements HubEndpoint {
  static final String PROJECT = "bench";
  private static final long START_TIMEOUT_MS = 180_000;

  private final Child child;
  private final URI base;
  private final String token;

  private HubProcess(Child child, URI base, String token) {
    this.child = child;
    this.base = base;
    this.token = token;
  }

  /** The hub on its embedded SQLite store, in a fresh folder. */
  public static HubProcess sqlite(Run run) throws Exception {
    return start(run.newDir("hub-"), newToken(), Map.of());
  }

  /**
   * The hub on the SQLite store in {@code dir}, with {@code token} as the project's token: started
   * again on the same folder, it finds the agents an earlier process registered there.
   */
  public static HubProcess sqliteIn(Path dir, String token) throws Exception {
    return start(dir, token, Map.of());
  }

  /**
   * The hub on PostgreSQL, {@code postgresql://user@host:port/db}, its tables in {@code schema}.
   */
  public static HubProcess postgres(Run run, String databaseUrl, String schema) throws Exception {
    return start(
        run.newDir("hub-"),
        newToken(),
        Map.of("KXM_DATABASE_URL", databaseUrl, "KXM_DATABASE_SCHEMA", schema));
  }

  /**
   * {@code KXM_BENCH_HUB_JAR}, else the CLI jar of the repository: {@code bench/run} works from its
   * root, tests of this module from {@code bench/}.
   */
  static Path jar() {
    String explicit = System.getenv("KXM_BENCH_HUB_JAR");
    if (explicit != null && !explicit.isBlank()) {
      return Path.of(explicit);
    }
    Path here = Path.of(System.getProperty("user.dir")).toAbsolutePath();
    Path inRoot = here.resolve("kxm-cli/target/kxm.jar");
    Path fromModule = here.resolveSibling("kxm-cli").resolve("target/kxm.jar");
    return Files.isRegularFile(inRoot) || !Files.isRegularFile(fromModule) ? inRoot : fromModule;
  }

  /** {@link #jar()}, refused with the command that builds it when it is not there yet. */
  public static Path requireJar() {
    Path jar = jar();
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          "no CLI jar at " + jar + "; build it with ./mvnw -pl kxm-cli -am package -DskipTests");
    }
    return jar;
  }

  /**
   * Starts a hub whose state lives in {@code dir} and which accepts {@code token} for the bench
   * project. Starting again on the same folder and token is a restart: the store, the agents and
   * their keys are those the earlier hub left. {@code extraEnv} wins over the defaults (a store on
   * another path, PostgreSQL, Redis, stream settings).
   */
  public static HubProcess start(Path dir, String token, Map<String, String> extraEnv)
      throws Exception {
    // As a user starts it: through the kxm launcher beside the jar, with the JVM options and the
    // start-up cache it gives a server.
    Map<String, String> env = new LinkedHashMap<>(Jvm.launcherEnv());
    env.putAll(extraEnv);
    return start(
        dir,
        token,
        env,
        List.of(Jvm.launcher(jar()).toString(), "hub", "start", "--foreground", "--port", "0"));
  }

  private static HubProcess start(
      Path dir, String token, Map<String, String> extraEnv, List<String> cmd) throws Exception {
    Path jar = jar();
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          "no hub jar at " + jar + "; build it with ./mvnw -pl kxm-cli -am package -DskipTests");
    }
    // A claim left by a hub that was killed must not be mistaken for the new one's.
    Files.deleteIfExists(dir.resolve(".kxm/state/hub.json"));
    Map<String, String> env = new LinkedHashMap<>();
    env.put("KXM_STATE_HOME", dir.resolve("state-home").toString());
    env.put("KXM_DATA_PATH", dir.resolve(".kxm/state/kxm.db").toString());
    env.put("KXM_LOGS_DIR", dir.resolve("logs").toString());
    env.put("KXM_AUTH_TOKEN", adminToken(token));
    env.put("KXM_PROJECT_TOKENS", PROJECT + "=" + token);
    // Sixteen agents send as fast as they can: the courtesy rate limit would measure itself.
    env.put("KXM_SEND_RATE_PER_MINUTE", "0");
    // The project's agents answer A2A clients too, for the A2A scenario.
    env.put("KXM_A2A", PROJECT);
    env.putAll(extraEnv);
    Child child = Child.launch("hub", cmd, dir, env, false);
    try {
      URI base = awaitUrl(child, dir.resolve(".kxm/state/hub.json"));
      return new HubProcess(child, base, token);
    } catch (Exception e) {
      child.close();
      throw e;
    }
  }

  /** Waits for the claim file the hub writes once it listens, then for its health check. */
  private static URI awaitUrl(Child child, Path claim) throws Exception {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    while (System.currentTimeMillis() < deadline) {
      if (!child.alive()) {
        throw new IllegalStateException("the hub exited while starting: " + child.logTail());
      }
      if (Files.isRegularFile(claim)) {
        JsonNode n = JsonMapper.shared().readTree(Files.readString(claim));
        String url = n.path("url").asString("");
        if (!url.isEmpty()) {
          URI base = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
          try (HttpConnection c = HttpConnection.open(base)) {
            if (c.send(Request.get(base, "/health", Map.of())).status() == 200) {
              return base;
            }
          } catch (java.io.IOException notYet) {
            // Claim written just before the listener answers.
          }
        }
      }
      Thread.sleep(20); // polling a child process, not a test: it signals nothing else
    }
    throw new IllegalStateException(
        "the hub did not answer within " + START_TIMEOUT_MS + " ms: " + child.logTail());
  }

  /** The admin token goes with the project token, so a restarted hub accepts the same pair. */
  private static String adminToken(String projectToken) {
    return projectToken.replace("kxm_bench_", "kxm_bench_admin_");
  }

  /** A fresh random project token. */
  public static String newToken() {
    byte[] b = new byte[24];
    new SecureRandom().nextBytes(b);
    return "kxm_bench_" + HexFormat.of().formatHex(b);
  }

  /** The admin token this hub was started with (for admin routes such as /metrics). */
  public String adminToken() {
    return adminToken(token);
  }

  public Child child() {
    return child;
  }

  @Override
  public URI base() {
    return base;
  }

  @Override
  public String project() {
    return PROJECT;
  }

  @Override
  public String projectToken() {
    return token;
  }

  /** {@code kill -9}: no shutdown hook runs, nothing is flushed, no client is told. */
  public void kill() throws InterruptedException {
    child.kill();
  }

  @Override
  public void close() {
    child.close();
  }

  @Override
  public String toString() {
    return child.toString();
  }
}
