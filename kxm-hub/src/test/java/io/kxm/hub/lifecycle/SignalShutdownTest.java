package io.kxm.hub.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.hub.support.Http;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SignalShutdownTest {
  static final int GRACE_MS = 8_000;
  @TempDir Path dir;
  Process child;
  final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  final List<String> seen = new java.util.ArrayList<>();

  @AfterEach
  void kill() {
    if (child != null && child.isAlive()) {
      child.destroyForcibly();
    }
  }

  @Test
  void sigterm_drains_running_requests_closes_the_store_and_exits_zero() throws Exception {
    startChild();
    int port = Integer.parseInt(expectLine("port ").substring("port ".length()));
    Http http = new Http("http://127.0.0.1:" + port);
    List<CompletableFuture<Http.Response>> running =
        IntStream.range(0, 3)
            .mapToObj(i -> CompletableFuture.supplyAsync(() -> http.get("/v1/test/slow")))
            .toList();
    for (int i = 0; i < 3; i++) {
      expectLine("entered");
    }

    // SIGTERM on Linux. Through the handle: Process.destroy() also closes our end of the child's
    // stdout, and the test still needs to read it.
    assertThat(child.toHandle().destroy()).isTrue();
    long signalled = System.nanoTime();

    for (var request : running) {
      var response = request.get(GRACE_MS, TimeUnit.MILLISECONDS);
      assertThat(response.status()).isEqualTo(200);
      assertThat(response.body()).isEqualTo("done");
    }
    assertThat(child.waitFor(GRACE_MS, TimeUnit.MILLISECONDS)).isTrue();
    assertThat(System.nanoTime() - signalled).isLessThan(TimeUnit.MILLISECONDS.toNanos(GRACE_MS));
    assertThat(child.exitValue()).isZero();
    expectLine("store closed");
    assertThatThrownBy(() -> new Socket("127.0.0.1", port).close())
        .isInstanceOf(ConnectException.class);
  }

  private void startChild() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    child =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                SignalTestMain.class.getName(),
                dir.toString(),
                String.valueOf(GRACE_MS))
            .redirectErrorStream(true)
            .start();
    Thread.ofVirtual()
        .start(() -> {
          try (BufferedReader out =
              new BufferedReader(
                  new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            out.lines().forEach(lines::add);
          } catch (Exception e) {
            lines.add("reader failed: " + e);
          }
        });
  }

  /** The next stdout line that starts with {@code prefix}; other lines are skipped. */
  private String expectLine(String prefix) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      String line = lines.poll(1, TimeUnit.SECONDS);
      if (line != null) {
        seen.add(line);
      }
      if (line != null && line.startsWith(prefix)) {
        return line;
      }
    }
    throw new AssertionError("the child never printed '" + prefix + "'; seen: " + seen);
  }
}
