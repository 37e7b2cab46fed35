package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.supervisor.SupervisorHttp.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM drains: new runs are refused while the active one gets the grace, reads and streams still
 * work, and a turn that outlives the grace ends interrupted.
 */
class DrainTest {
  /** A harness whose turn never ends: it streams one delta, then waits. */
  static final List<String> NEVER_ENDS =
      List.of(
          "python3",
          "-c",
          "import sys, time\n"
              + "sys.stdin.readline()\n"
              + "print('{\"type\": \"delta\", \"text\": \"working\"}', flush=True)\n"
              + "time.sleep(600)\n");

  static final long GRACE_MS = 3_000;

  @TempDir Path dir;

  @Test
  void sigterm_refuses_new_runs_during_the_grace_then_interrupts_the_turn() throws Exception {
    Path state = dir.resolve("state");
    Path workspace = Files.createDirectories(dir.resolve("workspace"));
    Map<String, String> env = Map.of("KXM_SHUTDOWN_GRACE_MS", Long.toString(GRACE_MS));
    String session;
    String runId;
    try (ChildSupervisor child = ChildSupervisor.start(state, env)) {
      SessionCalls calls = new SessionCalls(child.url(), child.token());
      session = calls.createSession(workspace, NEVER_ENDS);
      runId = calls.submitted(session, "work forever");

      SseClient stream = calls.runEvents(runId, Map.of(), "");
      SseClient.Frame frame = stream.next();
      while (!frame.type().equals("message.delta")) {
        frame = stream.next();
      }
      CompletableFuture<List<SseClient.Frame>> rest = CompletableFuture.supplyAsync(stream::rest);

      long terminated = System.nanoTime();
      child.terminate();
      await()
          .atMost(Duration.ofSeconds(GRACE_MS / 1000))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> calls.submit(session, "one more").status() == 503);
      Reply refused = calls.submit(session, "one more");
      assertThat(refused.code()).isEqualTo("server_draining");
      assertThat(calls.run(runId).path("run").path("status").asString()).isEqualTo("running");

      assertThat(child.awaitExit(GRACE_MS / 1000 + 30)).isTrue();
      assertThat(Duration.ofNanos(System.nanoTime() - terminated))
          .isGreaterThanOrEqualTo(Duration.ofMillis(GRACE_MS));
      List<SseClient.Frame> last = rest.get(10, TimeUnit.SECONDS);
      assertThat(last).extracting(SseClient.Frame::type).endsWith("run.interrupted");
      assertThat(last.getLast().data().path("data").path("error").asString())
          .isEqualTo("shutdown_grace_expired");
      stream.close();
    }

    try (ChildSupervisor again = ChildSupervisor.start(state, env)) {
      SessionCalls calls = new SessionCalls(again.url(), again.token());
      var run = calls.run(runId).path("run");
      assertThat(run.path("status").asString()).isEqualTo("interrupted");
      assertThat(run.path("error").asString()).isEqualTo("shutdown_grace_expired");
      assertThat(calls.runs(session)).containsExactly(runId);
    }
  }
}
