package io.kxm.session.turn;

import static io.kxm.session.api.SessionRunStatus.COMPLETED;
import static io.kxm.session.api.SessionRunStatus.FAILED;
import static io.kxm.session.api.SessionRunStatus.QUEUED;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.session.api.EventTypes;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionTurnsTest {
  @TempDir Path tmp;
  SessionsFixture fx;

  @AfterEach
  void close() {
    if (fx != null) {
      fx.close();
    }
  }

  @Test
  void a_turn_streams_its_events_and_the_next_turn_receives_the_history() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    Session session = fx.session("echo");

    SessionRun first = fx.service.submit(session.id(), "hello");
    assertThat(first.status()).isEqualTo(QUEUED);
    SessionRun done = fx.awaitStatus(first.id(), COMPLETED);

    assertThat(done.outcome()).isEqualTo("success");
    assertThat(done.finalMessage()).isEqualTo("seen 0 [] for hello");
    assertThat(fx.types(first.id()))
        .containsExactly(
            EventTypes.RUN_QUEUED,
            EventTypes.RUN_STARTED,
            EventTypes.MESSAGE_DELTA,
            EventTypes.USAGE,
            EventTypes.MESSAGE_COMPLETED,
            EventTypes.RUN_COMPLETED);

    SessionRun second = fx.service.submit(session.id(), "again");
    assertThat(fx.awaitStatus(second.id(), COMPLETED).finalMessage())
        .isEqualTo("seen 2 [user:hello | assistant:seen 0 [] for hello] for again");
    assertThat(fx.service.history(session.id()))
        .extracting(SessionMessage::role, SessionMessage::runId)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("user", first.id()),
            org.assertj.core.groups.Tuple.tuple("assistant", first.id()),
            org.assertj.core.groups.Tuple.tuple("user", second.id()),
            org.assertj.core.groups.Tuple.tuple("assistant", second.id()));
  }

  @Test
  void a_session_runs_its_turns_one_after_the_other() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    Session session = fx.session("wait", tmp.toString());

    SessionRun one = fx.service.submit(session.id(), "one");
    SessionRun two = fx.service.submit(session.id(), "two");
    fx.awaitFile(tmp.resolve("one.started"));

    assertThat(fx.service.run(two.id()).status()).isEqualTo(QUEUED);
    assertThat(tmp.resolve("two.started")).doesNotExist();

    Files.writeString(tmp.resolve("one.go"), "go");
    fx.awaitFile(tmp.resolve("two.started"));
    Files.writeString(tmp.resolve("two.go"), "go");
    SessionRun oneDone = fx.awaitStatus(one.id(), COMPLETED);
    SessionRun twoDone = fx.awaitStatus(two.id(), COMPLETED);

    assertThat(fx.seqOf(two.id(), EventTypes.RUN_STARTED))
        .isGreaterThan(fx.seqOf(one.id(), EventTypes.RUN_COMPLETED));
    assertThat(twoDone.startedAt()).isAfterOrEqualTo(oneDone.finishedAt());
  }

  @Test
  void turns_of_different_sessions_run_at_the_same_time() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    Files.writeString(tmp.resolve("a.expected"), "");
    Files.writeString(tmp.resolve("b.expected"), "");
    Session first = fx.session("meet", tmp.toString());
    Session second = fx.session("meet", tmp.toString());

    SessionRun a = fx.service.submit(first.id(), "a");
    SessionRun b = fx.service.submit(second.id(), "b");

    // Each turn finishes only once the other one arrived, so both must have run at once.
    assertThat(fx.awaitStatus(a.id(), COMPLETED).finalMessage()).isEqualTo("met a");
    assertThat(fx.awaitStatus(b.id(), COMPLETED).finalMessage()).isEqualTo("met b");
  }

  @Test
  void the_global_limit_holds_other_sessions_back_until_a_slot_frees() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(1, 10));
    Session first = fx.session("wait", tmp.toString());
    Session second = fx.session("wait", tmp.toString());

    SessionRun one = fx.service.submit(first.id(), "one");
    SessionRun two = fx.service.submit(second.id(), "two");
    fx.awaitFile(tmp.resolve("one.started"));

    assertThat(fx.service.run(two.id()).status()).isEqualTo(QUEUED);
    assertThat(tmp.resolve("two.started")).doesNotExist();

    Files.writeString(tmp.resolve("one.go"), "go");
    Files.writeString(tmp.resolve("two.go"), "go");
    fx.awaitStatus(one.id(), COMPLETED);
    fx.awaitStatus(two.id(), COMPLETED);
    assertThat(fx.seqOf(two.id(), EventTypes.RUN_STARTED))
        .isGreaterThan(fx.seqOf(one.id(), EventTypes.RUN_COMPLETED));
  }

  @Test
  void a_harness_that_cannot_start_fails_its_run_and_frees_the_session() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    Session broken =
        fx.service.create(
            fx.workspace.toString(),
            new HarnessSpec(HarnessSpec.COMMAND, List.of(tmp.resolve("missing").toString())),
            null);

    SessionRun first = fx.service.submit(broken.id(), "one");
    SessionRun second = fx.service.submit(broken.id(), "two");

    SessionRun failed = fx.awaitStatus(first.id(), FAILED);
    assertThat(failed.error()).isEqualTo("harness_start_failed");
    assertThat(fx.awaitStatus(second.id(), FAILED).error()).isEqualTo("harness_start_failed");
    assertThat(fx.types(first.id())).endsWith(EventTypes.RUN_FAILED);
    assertThat(fx.service.history(broken.id())).isEmpty();
  }

  @Test
  void a_turn_that_exits_without_output_fails_as_a_silent_failure() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    Session silent =
        fx.service.create(
            fx.workspace.toString(),
            new HarnessSpec(
                HarnessSpec.COMMAND,
                List.of("/usr/bin/python3", "-c", "import sys; sys.stdin.readline()")),
            null);

    SessionRun run = fx.service.submit(silent.id(), "anything");

    SessionRun failed = fx.awaitStatus(run.id(), FAILED);
    assertThat(failed.outcome()).isEqualTo("silent_failure");
    assertThat(failed.error()).isNotBlank();
    assertThat(fx.service.history(silent.id())).isEmpty();
  }

  @Test
  void a_bug_inside_one_turn_fails_that_run_as_internal_and_the_session_carries_on()
      throws Exception {
    fx = SessionsFixture.storeOnly(tmp);
    AtomicInteger starts = new AtomicInteger();
    Harnesses real = Harnesses.standard();
    fx.startService(
        SessionsFixture.settings(4, 10),
        spec ->
            (input, listener) -> {
              if (starts.incrementAndGet() == 1) {
                throw new IllegalStateException("a bug in the first turn");
              }
              return real.apply(spec).start(input, listener);
            });
    Session session = fx.session("echo");

    SessionRun broken = fx.service.submit(session.id(), "one");
    SessionRun next = fx.service.submit(session.id(), "two");

    SessionRun failed = fx.awaitStatus(broken.id(), FAILED);
    assertThat(failed.error()).isEqualTo("internal");
    assertThat(fx.types(broken.id())).endsWith(EventTypes.RUN_FAILED);
    assertThat(fx.awaitStatus(next.id(), COMPLETED).finalMessage()).isEqualTo("seen 0 [] for two");
  }
}
