package io.kxm.session.store;

import static io.kxm.session.store.SessionFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.SessionStore.Ending;
import io.kxm.session.api.StreamKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How sessions and runs move, what each step appends, and what is refused. */
public interface SessionLifecycleContract extends SessionStoreContract {

  @Test
  default void a_run_moves_queued_running_completed_and_each_step_is_an_event() {
    try (SessionFixture f = fixture()) {
      Session session = f.aSession();
      SessionRun queued = f.store.createRun(session.id(), "fix the build", null);
      f.clock.tick(Duration.ofSeconds(1));
      SessionRun running = f.store.transition(queued.id(), SessionRunStatus.RUNNING, null, null);
      f.clock.tick(Duration.ofSeconds(1));
      SessionRun done =
          f.store.transition(
              queued.id(),
              SessionRunStatus.COMPLETED,
              new Ending("success", null, "done"),
              json("exitCode", "0"));

      assertThat(session.id()).startsWith("ses_");
      assertThat(queued.id()).startsWith("srun_");
      assertThat(queued.status()).isEqualTo(SessionRunStatus.QUEUED);
      assertThat(running.startedAt()).isEqualTo(f.clock.instant().minusSeconds(1));
      assertThat(done.finishedAt()).isEqualTo(f.clock.instant());
      assertThat(f.store.run(queued.id())).contains(done);
      assertThat(f.store.runs(session.id())).containsExactly(done);
      assertThat(f.store.runsIn(SessionRunStatus.COMPLETED)).containsExactly(done);

      List<SessionEvent> events = f.store.replay(StreamKey.session(session.id()), 0, 100);
      assertThat(events)
          .extracting(SessionEvent::type)
          .containsExactly(
              EventTypes.SESSION_CREATED,
              EventTypes.RUN_QUEUED,
              EventTypes.RUN_STARTED,
              EventTypes.RUN_COMPLETED);
      assertThat(events).extracting(SessionEvent::seq).containsExactly(1L, 2L, 3L, 4L);
      assertThat(events.getFirst().runId()).isNull();
      assertThat(events.getFirst().data().get("harness").get("argv").get(1).asString())
          .isEqualTo("--json");
      SessionEvent completed = events.getLast();
      assertThat(completed.data().get("status").asString()).isEqualTo("completed");
      assertThat(completed.data().get("outcome").asString()).isEqualTo("success");
      assertThat(completed.data().get("finalMessage").asString()).isEqualTo("done");
      assertThat(completed.data().get("exitCode").asString()).isEqualTo("0");
      assertThat(f.store.lastSeq()).isEqualTo(4);
    }
  }

  @Test
  default void a_closed_session_takes_no_run_and_only_a_closed_one_is_deleted_with_all_it_held() {
    try (SessionFixture f = fixture()) {
      Session session = f.aSession();
      SessionRun run = f.store.createRun(session.id(), "first", null);
      f.store.appendMessage(session.id(), run.id(), "user", "first");

      assertThatThrownBy(() -> f.store.deleteSession(session.id()))
          .isInstanceOf(KxmException.class)
          .satisfies(
              e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.SESSION_NOT_CLOSED));
      f.clock.tick(Duration.ofSeconds(1));
      Session closed = f.store.closeSession(session.id());
      assertThat(closed.closedAt()).isEqualTo(f.clock.instant());
      assertThat(f.store.session(session.id()).orElseThrow().closed()).isTrue();
      assertThat(f.store.closeSession(session.id())).isEqualTo(closed);
      assertThat(f.store.replay(StreamKey.session(session.id()), 0, 100))
          .extracting(SessionEvent::type)
          .containsOnlyOnce(EventTypes.SESSION_CLOSED);
      assertThatThrownBy(() -> f.store.createRun(session.id(), "again", null))
          .isInstanceOf(KxmException.class)
          .satisfies(
              e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.SESSION_CLOSED));
      assertThatThrownBy(() -> f.store.deleteSession(session.id()))
          .as("its queued run has not ended")
          .isInstanceOf(KxmException.class)
          .hasMessageContaining("1 run(s) not ended");

      f.store.transition(run.id(), SessionRunStatus.CANCELLED, null, null);
      Session other = f.aSession();
      f.store.deleteSession(session.id());

      assertThat(f.store.session(session.id())).isEmpty();
      assertThat(f.store.run(run.id())).isEmpty();
      assertThat(f.store.messages(session.id())).isEmpty();
      assertThat(f.store.replay(StreamKey.session(session.id()), 0, 100)).isEmpty();
      assertThat(f.store.session(other.id())).isPresent();
    }
  }

  @Test
  default void a_refused_transition_names_both_states_and_changes_nothing() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aQueuedRun();
      SessionRun done = f.store.transition(run.id(), SessionRunStatus.CANCELLED, null, null);
      long seq = f.store.lastSeq();

      assertThatThrownBy(() -> f.store.transition(run.id(), SessionRunStatus.RUNNING, null, null))
          .isInstanceOf(KxmException.class)
          .hasMessageContaining("from cancelled to running")
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUN_TRANSITION_REFUSED);
      assertThatThrownBy(() -> f.store.append(run.id(), EventTypes.MESSAGE_DELTA, null).join())
          .hasCauseInstanceOf(KxmException.class)
          .hasMessageContaining("cancelled");

      assertThat(f.store.run(run.id())).contains(done);
      assertThat(f.store.lastSeq()).isEqualTo(seq);
    }
  }

  @Test
  default void a_session_runs_one_run_at_a_time_and_the_next_starts_once_it_ended() {
    try (SessionFixture f = fixture()) {
      SessionRun first = f.aRunningRun();
      SessionRun next = f.store.createRun(first.sessionId(), "then this", null);
      SessionRun elsewhere = f.aQueuedRun();
      long seq = f.store.lastSeq();

      assertThatThrownBy(() -> f.store.transition(next.id(), SessionRunStatus.RUNNING, null, null))
          .isInstanceOf(KxmException.class)
          .hasMessageContaining("already running run " + first.id())
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUN_TRANSITION_REFUSED);
      assertThat(f.store.run(next.id())).map(SessionRun::status).contains(SessionRunStatus.QUEUED);
      assertThat(f.store.lastSeq()).isEqualTo(seq);
      assertThat(f.store.transition(elsewhere.id(), SessionRunStatus.RUNNING, null, null).status())
          .as("another session's run starts meanwhile")
          .isEqualTo(SessionRunStatus.RUNNING);

      f.store.transition(
          first.id(), SessionRunStatus.COMPLETED, new Ending("success", null, "ok"), null);
      assertThat(f.store.transition(next.id(), SessionRunStatus.RUNNING, null, null).status())
          .isEqualTo(SessionRunStatus.RUNNING);
    }
  }

  @Test
  default void unknown_sessions_and_runs_are_refused_with_their_codes() {
    try (SessionFixture f = fixture()) {
      assertThatThrownBy(() -> f.store.createRun("ses_missing", "hi", null))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.SESSION_NOT_FOUND);
      assertThatThrownBy(
              () -> f.store.transition("srun_missing", SessionRunStatus.RUNNING, null, null))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUN_NOT_FOUND);
      assertThatThrownBy(() -> f.store.verify("srun_missing"))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUN_NOT_FOUND);
      assertThatThrownBy(() -> f.store.append("srun_x", EventTypes.RUN_COMPLETED, null))
          .isInstanceOf(IllegalArgumentException.class);
      assertThat(f.store.lastSeq()).isZero();
      assertThat(f.store.sessions(10)).isEmpty();
    }
  }

  @Test
  default void messages_are_numbered_per_session_and_sessions_list_most_recent_first() {
    try (SessionFixture f = fixture()) {
      Session first = f.aSession();
      f.clock.tick(Duration.ofSeconds(1));
      Session second = f.aSession();
      f.clock.tick(Duration.ofSeconds(1));
      SessionRun run = f.store.createRun(first.id(), "hello", null);
      SessionMessage user = f.store.appendMessage(first.id(), run.id(), "user", "hello");
      SessionMessage reply = f.store.appendMessage(first.id(), run.id(), "assistant", "hi there");
      f.clock.tick(Duration.ofMillis(1500));
      SessionMessage other = f.store.appendMessage(second.id(), null, "user", "elsewhere");

      assertThat(f.store.messages(first.id())).containsExactly(user, reply);
      assertThat(user.index()).isZero();
      assertThat(reply.index()).isEqualTo(1);
      assertThat(other.index()).isZero();
      assertThat(f.store.sessions(10))
          .extracting(Session::id)
          .containsExactly(second.id(), first.id());
      assertThat(f.store.sessions(1)).hasSize(1);
      assertThatThrownBy(() -> f.store.appendMessage(second.id(), run.id(), "user", "x"))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUN_NOT_FOUND);
      assertThat(f.store.messages(second.id())).containsExactly(other);
    }
  }

  @Test
  default void recorded_processes_are_listed_only_while_their_run_runs() {
    try (SessionFixture f = fixture()) {
      SessionRun running = f.aRunningRun();
      SessionRun ended = f.aRunningRun();
      Instant start = Instant.parse("2026-01-01T00:00:00Z");
      f.store.recordProcess(running.id(), 4242, start);
      f.store.recordProcess(ended.id(), 4343, start);
      f.store.transition(ended.id(), SessionRunStatus.FAILED, new Ending("error", "x", null), null);

      assertThat(f.store.runningProcesses())
          .containsExactly(new SessionStore.RecordedProcess(running.id(), 4242, start));
      assertThatThrownBy(() -> f.store.recordProcess(f.aQueuedRun().id(), 1, start))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUN_TRANSITION_REFUSED);
    }
  }

  @Test
  default void the_store_survives_a_reopen_and_refuses_calls_once_closed() throws Exception {
    SessionFixture f = fixture();
    SessionRun run = f.aRunningRun();
    f.store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "Hel"));
    f.close();

    assertThatThrownBy(() -> f.store.createSession("/w", SessionFixture.HARNESS, null))
        .isInstanceOf(KxmException.class)
        .hasMessageContaining("closed")
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.RUNTIME_STORE_FAILED);
    assertThatThrownBy(() -> f.store.run(run.id())).hasMessageContaining("closed");

    try (SessionStore again = reopen(f)) {
      assertThat(again.run(run.id())).map(SessionRun::status).contains(SessionRunStatus.RUNNING);
      assertThat(again.lastSeq()).isEqualTo(4);
      assertThat(again.verify(run.id()).ok()).isTrue();
      SessionEvent next =
          again.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "lo")).join();
      assertThat(next.seq()).isEqualTo(5);
    }
  }
}
