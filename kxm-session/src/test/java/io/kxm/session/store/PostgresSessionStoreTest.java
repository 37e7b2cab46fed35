package io.kxm.session.store;

import static io.kxm.session.store.SessionFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.LiveEvents.Subscription;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.StreamKey;
import io.kxm.store.PostgresLocation;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import io.kxm.testkit.SettableClock;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The session store contract on PostgreSQL, each test in a schema of its own, and what only a
 * shared database does: two handles on one schema, as two runtime instances would hold.
 */
class PostgresSessionStoreTest
    implements SessionLifecycleContract,
        InteractionStoreContract,
        LiveReplayContract,
        EncodedReplayContract,
        HashChainContract,
        SessionSyncContract,
        SessionRetentionContract {
  private PostgresSchema schema;

  @BeforeEach
  void freshSchema() {
    schema = PostgresSchema.create("sessions");
  }

  @AfterEach
  void dropSchema() throws SQLException {
    if (schema != null) {
      schema.close();
    }
  }

  private PostgresSessionStore open(SettableClock clock) {
    return PostgresSessionStore.open(
        new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, schema.name()), 4, clock);
  }

  @Override
  public SessionFixture fixture() {
    SettableClock clock = SettableClock.atEpochSecond(1_800_000_000L);
    return new SessionFixture(clock, open(clock));
  }

  @Override
  public SessionStore reopen(SessionFixture fixture) {
    return open(fixture.clock);
  }

  @Test
  void two_handles_on_one_schema_share_one_gapless_seq_and_each_publishes_what_it_committed()
      throws Exception {
    try (SessionFixture a = fixture();
        SessionStore b = open(a.clock)) {
      SessionRun onA = a.aRunningRun();
      SessionRun onB =
          b.transition(
              b.createRun(onA.sessionId(), "second", null).id(),
              SessionRunStatus.CANCELLED,
              null,
              null);
      SessionRun running = a.aRunningRun();
      Subscription liveOnA = a.store.live().subscribe(StreamKey.run(running.id()), 1_000);
      Subscription liveOnB = b.live().subscribe(StreamKey.run(running.id()), 1_000);
      long before = a.store.lastSeq();

      List<CompletableFuture<SessionEvent>> fromA = new ArrayList<>();
      List<CompletableFuture<SessionEvent>> fromB = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        fromA.add(a.store.append(running.id(), EventTypes.MESSAGE_DELTA, json("text", "a" + i)));
        fromB.add(b.append(running.id(), EventTypes.MESSAGE_DELTA, json("text", "b" + i)));
      }
      List<SessionEvent> appendedOnA = fromA.stream().map(CompletableFuture::join).toList();
      List<SessionEvent> appendedOnB = fromB.stream().map(CompletableFuture::join).toList();

      List<SessionEvent> stored = b.replay(StreamKey.run(running.id()), before, 1_000);
      assertThat(stored)
          .extracting(SessionEvent::seq)
          .containsExactlyElementsOf(
              LongStream.rangeClosed(before + 1, before + 200).boxed().toList());
      assertThat(a.store.replay(StreamKey.run(running.id()), before, 1_000)).isEqualTo(stored);
      assertThat(a.store.lastSeq()).isEqualTo(b.lastSeq()).isEqualTo(before + 200);
      assertThat(LiveReplayContract.collect(liveOnA, 100)).isEqualTo(appendedOnA);
      assertThat(LiveReplayContract.collect(liveOnB, 100)).isEqualTo(appendedOnB);
      assertThat(a.store.verify(running.id()).ok()).isTrue();
      assertThat(b.verify(onA.id()).ok()).isTrue();
      assertThat(a.store.run(onB.id())).contains(onB);
    }
  }

  @Test
  void a_session_runs_one_run_at_a_time_across_handles() {
    try (SessionFixture a = fixture();
        SessionStore b = open(a.clock)) {
      SessionRun first = a.aRunningRun();
      SessionRun second = b.createRun(first.sessionId(), "meanwhile", null);
      long seq = a.store.lastSeq();

      assertThatThrownBy(() -> b.transition(second.id(), SessionRunStatus.RUNNING, null, null))
          .isInstanceOf(KxmException.class)
          .hasMessageContaining(first.id())
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUN_TRANSITION_REFUSED);
      assertThat(b.run(second.id())).map(SessionRun::status).contains(SessionRunStatus.QUEUED);
      assertThat(b.lastSeq()).isEqualTo(seq);

      a.store.transition(first.id(), SessionRunStatus.CANCELLED, null, null);
      assertThat(b.transition(second.id(), SessionRunStatus.RUNNING, null, null).status())
          .isEqualTo(SessionRunStatus.RUNNING);
    }
  }

  @Test
  void an_event_whose_commit_got_no_answer_is_delivered_live_once_found_stored() throws Exception {
    AtomicReference<Loss> next = new AtomicReference<>();
    SettableClock clock = SettableClock.atEpochSecond(1_800_000_000L);
    try (SessionFixture f =
        new SessionFixture(clock, open(clock, batches -> new LosingBatches(batches, next)))) {
      SessionRun running = f.aRunningRun();
      Subscription live = f.store.live().subscribe(StreamKey.run(running.id()), 100);

      next.set(Loss.ANSWER);
      CompletableFuture<SessionEvent> unanswered =
          f.store.append(running.id(), EventTypes.MESSAGE_DELTA, json("text", "committed"));
      assertThatThrownBy(unanswered::join).hasCauseInstanceOf(KxmException.class);
      next.set(Loss.COMMIT);
      CompletableFuture<SessionEvent> lost =
          f.store.append(running.id(), EventTypes.MESSAGE_DELTA, json("text", "rolled back"));
      assertThatThrownBy(lost::join).hasCauseInstanceOf(KxmException.class);
      f.store.append(running.id(), EventTypes.MESSAGE_DELTA, json("text", "after")).join();

      List<SessionEvent> delivered = LiveReplayContract.collect(live, 2);
      assertThat(delivered)
          .extracting(e -> e.data().path("text").asString())
          .containsExactly("committed", "after");
      assertThat(f.store.replay(StreamKey.run(running.id()), delivered.getFirst().seq() - 1, 10))
          .isEqualTo(delivered);
      assertThat(f.store.verify(running.id()).ok()).isTrue();
    }
  }

  /** How the next commit fails: applied but unanswered, or rolled back and unanswered. */
  private enum Loss {
    ANSWER,
    COMMIT
  }

  /** Batches whose next commit fails as {@link Loss} says, as a connection cut at commit does. */
  private record LosingBatches(WriteBatches real, AtomicReference<Loss> next)
      implements WriteBatches {
    @Override
    public Connection begin(WriteTx tx) throws SQLException {
      return real.begin(tx);
    }

    @Override
    public void commit(Connection c, WriteTx tx) throws SQLException {
      Loss loss = next.getAndSet(null);
      if (loss == Loss.COMMIT) {
        real.rollback(c);
      } else {
        real.commit(c, tx);
      }
      if (loss != null) {
        throw new SQLException("the connection was lost before the commit was answered", "08006");
      }
    }

    @Override
    public void rollback(Connection c) {
      real.rollback(c);
    }

    @Override
    public void end(Connection c, WriteTx tx) {
      real.end(c, tx);
    }
  }

  private PostgresSessionStore open(SettableClock clock, UnaryOperator<WriteBatches> batches) {
    return PostgresSessionStore.open(
        new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, schema.name()),
        4,
        clock,
        batches);
  }
}
