package io.kxm.session.turn;

import static io.kxm.session.api.SessionRunStatus.CANCELLED;
import static io.kxm.session.api.SessionRunStatus.COMPLETED;
import static io.kxm.session.api.SessionRunStatus.INTERRUPTED;
import static io.kxm.session.api.SessionRunStatus.RUNNING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionStopsTest {
  @TempDir Path tmp;
  SessionsFixture fx;
  final List<Process> started = new ArrayList<>();

  @AfterEach
  void close() {
    started.forEach(p -> p.descendants().forEach(ProcessHandle::destroyForcibly));
    started.forEach(Process::destroyForcibly);
    if (fx != null) {
      fx.close();
    }
  }

  @Test
  void cancel_ends_a_queued_run_at_once_and_a_running_one_with_its_process_tree() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    Path pidFile = tmp.resolve("child.pid");
    Session session = fx.session("hang", pidFile.toString());
    SessionRun running = fx.service.submit(session.id(), "work");
    SessionRun queued = fx.service.submit(session.id(), "later");
    long child = fx.pidIn(pidFile);

    assertThat(fx.service.cancel(queued.id()).status()).isEqualTo(CANCELLED);
    assertThat(fx.types(queued.id()))
        .containsExactly(EventTypes.RUN_QUEUED, EventTypes.RUN_CANCELLED);

    SessionRun cancelled = fx.service.cancel(running.id());

    assertThat(cancelled.status()).isEqualTo(CANCELLED);
    assertThat(cancelled.finishedAt()).isNotNull();
    fx.awaitGone(child);
    assertThat(fx.types(running.id())).endsWith(EventTypes.RUN_CANCELLED);
    assertThatThrownBy(() -> fx.service.cancel(running.id()))
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.RUN_TERMINAL);
    assertThat(fx.service.history(session.id())).isEmpty();
  }

  @Test
  void a_restart_ends_orphan_harness_trees_and_interrupts_runs_in_flight() throws Exception {
    fx = SessionsFixture.storeOnly(tmp);
    Session session = fx.store.createSession(fx.workspace.toString(), fx.agent("echo"), null);
    SessionRun wasRunning = fx.store.createRun(session.id(), "one", null);
    SessionRun wasQueued = fx.store.createRun(session.id(), "two", null);
    SessionRun stranger =
        fx.store.createRun(
            fx.store.createSession(fx.workspace.toString(), fx.agent("echo"), null).id(),
            "three",
            null);
    fx.store.transition(wasRunning.id(), RUNNING, null, Json.object());
    fx.store.transition(stranger.id(), RUNNING, null, Json.object());
    Path childPid = tmp.resolve("orphan-child.pid");
    Process orphan = start("/usr/bin/python3", fx.agent.toString(), "hang", childPid.toString());
    orphan
        .getOutputStream()
        .write("{\"runId\":\"srun_gone\",\"prompt\":\"one\",\"history\":[]}\n".getBytes());
    orphan.getOutputStream().flush();
    Process unrelated = start("/usr/bin/python3", "-c", "import time; time.sleep(600)");
    fx.store.recordProcess(
        wasRunning.id(), orphan.pid(), orphan.info().startInstant().orElseThrow());
    // Same pid, another start time: a pid the system handed on must never be signalled.
    fx.store.recordProcess(
        stranger.id(), unrelated.pid(), Instant.now().minus(Duration.ofHours(3)));
    long child = fx.pidIn(childPid);
    fx.store.close();
    fx.openStore();

    fx.startService(SessionsFixture.settings(4, 10));

    assertThat(fx.service.reconciliation()).isEqualTo(new RestartReconciler.Reconciliation(1, 3));
    for (SessionRun run : List.of(wasRunning, wasQueued, stranger)) {
      SessionRun after = fx.service.run(run.id());
      assertThat(after.status()).isEqualTo(INTERRUPTED);
      assertThat(after.error()).isEqualTo("server_restart");
      assertThat(after.finishedAt()).isNotNull();
    }
    fx.awaitGone(orphan.pid());
    fx.awaitGone(child);
    assertThat(unrelated.isAlive()).isTrue();
  }

  @Test
  void a_drain_refuses_new_runs_and_interrupts_what_outlives_the_grace() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    Path pidFile = tmp.resolve("child.pid");
    Session session = fx.session("hang", pidFile.toString());
    SessionRun running = fx.service.submit(session.id(), "work");
    SessionRun queued = fx.service.submit(session.id(), "later");
    long child = fx.pidIn(pidFile);

    CompletableFuture<Boolean> drain =
        CompletableFuture.supplyAsync(() -> drainQuietly(Duration.ofMillis(700)));
    await().atMost(SessionsFixture.WAIT).until(fx.service::isDraining);
    assertThatThrownBy(() -> fx.service.submit(session.id(), "too late"))
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.SERVER_DRAINING);

    assertThat(drain.get()).isFalse();
    for (SessionRun run : List.of(running, queued)) {
      SessionRun after = fx.service.run(run.id());
      assertThat(after.status()).isEqualTo(INTERRUPTED);
      assertThat(after.error()).isEqualTo("shutdown_grace_expired");
    }
    fx.awaitGone(child);
    assertThat(fx.service.runs(session.id())).hasSize(2);
  }

  @Test
  void a_drain_with_nothing_left_running_reports_a_clean_stop() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    Session session = fx.session("echo");
    SessionRun run = fx.service.submit(session.id(), "hi");
    fx.awaitStatus(run.id(), COMPLETED);

    assertThat(fx.service.drain(Duration.ofSeconds(5))).isTrue();
    assertThat(fx.service.run(run.id()).status()).isEqualTo(COMPLETED);
  }

  private boolean drainQuietly(Duration grace) {
    try {
      return fx.service.drain(grace);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private Process start(String... argv) throws Exception {
    Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
    started.add(process);
    return process;
  }
}
