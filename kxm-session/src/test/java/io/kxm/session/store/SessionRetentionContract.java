package io.kxm.session.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.SessionStore.Ending;
import io.kxm.session.api.SessionsPurged;
import io.kxm.session.api.StreamKey;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The retention purge: what ended long enough ago goes, what runs or is recent stays. */
public interface SessionRetentionContract extends SessionStoreContract {

  private static SessionRun ended(SessionFixture f, String sessionId) {
    SessionRun run = f.store.createRun(sessionId, "fix the build", null);
    f.store.transition(run.id(), SessionRunStatus.RUNNING, null, null);
    f.store.appendMessage(sessionId, run.id(), "assistant", "did it");
    return f.store.transition(
        run.id(), SessionRunStatus.COMPLETED, new Ending("success", null, "done"), null);
  }

  @Test
  default void ended_runs_past_the_cutoff_go_and_their_session_keeps_its_history() {
    try (SessionFixture f = fixture()) {
      Session session = f.aSession();
      SessionRun old = ended(f, session.id());
      long oldLast = f.store.lastEvent(old.id()).orElseThrow().seq();
      f.clock.tick(Duration.ofDays(10));
      Instant cutoff = f.clock.instant();
      SessionRun queued = f.store.createRun(session.id(), "later", null);

      SessionsPurged due = f.store.purgeableBefore(cutoff);
      assertThat(due.runIds()).containsExactly(old.id());
      assertThat(due.sessions()).isZero();
      SessionsPurged purged = f.store.purgeEndedBefore(cutoff, 10);

      assertThat(purged.runIds()).containsExactly(old.id());
      assertThat(f.store.run(old.id())).isEmpty();
      assertThat(f.store.replay(StreamKey.run(old.id()), 0, 100)).isEmpty();
      assertThat(f.store.run(queued.id())).isPresent();
      assertThat(f.store.session(session.id())).isPresent();
      assertThat(f.store.messages(session.id()))
          .singleElement()
          .satisfies(m -> assertThat(m.runId()).isNull());
      assertThat(f.store.purgedThrough(StreamKey.session(session.id()))).isEqualTo(oldLast);
      assertThat(f.store.purgedThrough(StreamKey.run(queued.id()))).isZero();
      assertThat(f.store.purgeableBefore(cutoff).runIds()).isEmpty();
    }
  }

  @Test
  default void an_idle_session_goes_whole_and_the_last_seq_never_goes_back() {
    SessionFixture f = fixture();
    Session idle = f.aSession();
    ended(f, idle.id());
    long last = f.store.lastSeq();
    f.clock.tick(Duration.ofDays(10));

    SessionsPurged purged = f.store.purgeEndedBefore(f.clock.instant(), 10);

    assertThat(purged.sessions()).isEqualTo(1);
    assertThat(f.store.session(idle.id())).isEmpty();
    assertThat(f.store.lastSeq()).isEqualTo(last);
    f.close();
    try (SessionStore again = reopen(f)) {
      assertThat(again.lastSeq()).as("a reopened store never reuses a seq").isEqualTo(last);
    }
  }
}
