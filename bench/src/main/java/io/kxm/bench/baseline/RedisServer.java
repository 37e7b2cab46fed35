package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Run;
import io.kxm.bench.proc.Child;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A redis-server of the suite's own, on a free loopback port and in a temporary folder, with the
 * append-only file synced every second: the durability a team would configure for a message log.
 * The shared development Redis is left alone.
 */
final class RedisServer implements AutoCloseable {
  private static final int PREFERRED_PORT = 6390;
  private final Child child;
  final int port;

  private RedisServer(Child child, int port) {
    this.child = child;
    this.port = port;
  }

  static RedisServer start(Run run) throws Exception {
    String binary = Reachable.env("KXM_BENCH_REDIS_SERVER", "redis-server");
    if (!onPath(binary)) {
      throw new Measure.Skip(binary + " is not installed; install Redis to run this baseline");
    }
    int port = freePort();
    Path dir = run.newDir("redis-");
    Child.Started<Boolean> s =
        Child.start(
            "redis-server",
            List.of(
                binary,
                "--bind",
                "127.0.0.1",
                "--port",
                String.valueOf(port),
                "--dir",
                dir.toString(),
                "--appendonly",
                "yes",
                "--appendfsync",
                "everysec",
                "--save",
                "",
                "--daemonize",
                "no"),
            dir,
            Map.of(),
            Duration.ofSeconds(20),
            false,
            line -> line.contains("Ready to accept connections") ? Boolean.TRUE : null);
    return new RedisServer(s.child(), port);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(PREFERRED_PORT, 1, InetAddress.getLoopbackAddress())) {
      return PREFERRED_PORT;
    } catch (IOException taken) {
      try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        return s.getLocalPort();
      }
    }
  }

  private static boolean onPath(String binary) {
    if (binary.contains("/")) {
      return Files.isExecutable(Path.of(binary));
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, binary))) {
        return true;
      }
    }
    return false;
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
