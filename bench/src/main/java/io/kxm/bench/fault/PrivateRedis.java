package io.kxm.bench.fault;

import io.kxm.bench.Log;
import io.kxm.bench.proc.Child;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A redis-server of the suite's own on a free loopback port, so killing it disturbs no one (the
 * shared one on 6379 is never touched). It keeps nothing on disk: the hub treats Redis as fan-out
 * only, never as a source of truth.
 */
final class PrivateRedis implements AutoCloseable {
  private final Path binary;
  private final Path dir;
  private final int port;
  private Child child;

  private PrivateRedis(Path binary, Path dir, int port) {
    this.binary = binary;
    this.dir = dir;
    this.port = port;
  }

  static PrivateRedis start(Path dir) throws Exception {
    Path binary =
        Commands.onPath(System.getenv().getOrDefault("KXM_BENCH_REDIS_SERVER", "redis-server"));
    if (binary == null) {
      throw new NotRunnable("redis-server is not installed (or set KXM_BENCH_REDIS_SERVER)");
    }
    PrivateRedis redis = new PrivateRedis(binary, dir, FreePort.pick());
    redis.startAgain();
    return redis;
  }

  /** Starts it (again) on the same port. */
  void startAgain() throws Exception {
    child =
        Child.start(
                "redis-server",
                List.of(
                    binary.toString(),
                    "--bind",
                    "127.0.0.1",
                    "--port",
                    String.valueOf(port),
                    "--dir",
                    dir.toString(),
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--daemonize",
                    "no"),
                dir,
                Map.of(),
                Duration.ofSeconds(20),
                false,
                line -> line.contains("Ready to accept connections") ? Boolean.TRUE : null)
            .child();
  }

  /** SIGKILL: every connection drops at once, as when the server or its host dies. */
  void kill() throws InterruptedException {
    child.kill();
    Log.info("killed the private redis-server on port " + port);
  }

  String url() {
    return "redis://127.0.0.1:" + port;
  }

  @Override
  public void close() {
    if (child != null) {
      child.close();
    }
  }

  @Override
  public String toString() {
    return "private redis-server on port " + port;
  }
}
