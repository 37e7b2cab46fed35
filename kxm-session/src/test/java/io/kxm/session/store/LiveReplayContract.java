package io.kxm.session.store;

import static io.kxm.session.store.SessionFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.LiveEvents;
import io.kxm.session.api.LiveEvents.Subscription;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore.Ending;
import io.kxm.session.api.StreamKey;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Live delivery in seq order and replay that equals it, under concurrent appends. */
public interface LiveReplayContract extends SessionStoreContract {

  @Test
  default void replay_by_run_and_by_session_equals_what_subscribers_saw_live() throws Exception {
    try (SessionFixture f = fixture()) {
      Session session = f.aSession();
      Subscription bySession = f.store.live().subscribe(StreamKey.session(session.id()), 100);
      SessionRun run = f.store.createRun(session.id(), "go", null);
      Subscription byRun = f.store.live().subscribe(StreamKey.run(run.id()), 100);
      f.store.transition(run.id(), SessionRunStatus.RUNNING, null, null);
      f.store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "Hel"));
      f.store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "lo"));
      Interaction asked = f.store.openInteraction(run.id(), "approval", json("tool", "bash"));
      f.store.resolveInteraction(
          run.id(), asked.id(), io.kxm.core.json.Json.read("{\"approved\":true}"), null);
      f.store.transition(
          run.id(), SessionRunStatus.COMPLETED, new Ending("success", null, "Hello"), null);
      SessionRun other = f.store.createRun(session.id(), "again", null);

      List<SessionEvent> liveRun = collect(byRun, 6);
      List<SessionEvent> liveSession = collect(bySession, 8);

      assertThat(liveRun).isEqualTo(f.store.replay(StreamKey.run(run.id()), 2, 100));
      assertThat(liveSession).isEqualTo(f.store.replay(StreamKey.session(session.id()), 1, 100));
      assertThat(liveSession.getLast().runId()).isEqualTo(other.id());
      assertThat(f.store.replay(StreamKey.run(run.id()), liveRun.get(2).seq(), 2))
          .isEqualTo(liveRun.subList(3, 5));
      assertThat(byRun.drain(10)).isEmpty();
    }
  }

  @Test
  default void concurrent_appenders_are_delivered_in_seq_order_without_gaps() throws Exception {
    try (SessionFixture f = fixture()) {
      List<SessionRun> runs = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        runs.add(f.aRunningRun());
      }
      List<Subscription> subscriptions = new ArrayList<>();
      for (SessionRun run : runs) {
        subscriptions.add(f.store.live().subscribe(StreamKey.run(run.id()), 10_000));
      }
      int threads = 8;
      int perThread = 150;
      List<CompletableFuture<SessionEvent>> appended = new ArrayList<>();
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<CompletableFuture<List<CompletableFuture<SessionEvent>>>> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          int thread = t;
          workers.add(
              CompletableFuture.supplyAsync(
                  () -> {
                    List<CompletableFuture<SessionEvent>> mine = new ArrayList<>();
                    for (int i = 0; i < perThread; i++) {
                      SessionRun run = runs.get((thread + i) % runs.size());
                      mine.add(
                          f.store.append(
                              run.id(), EventTypes.MESSAGE_DELTA, json("text", thread + ":" + i)));
                    }
                    return mine;
                  },
                  pool));
        }
        workers.forEach(w -> appended.addAll(w.join()));
      } finally {
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
      }
      CompletableFuture.allOf(appended.toArray(CompletableFuture[]::new)).join();

      int total = 0;
      for (int i = 0; i < runs.size(); i++) {
        List<SessionEvent> stored = f.store.replay(StreamKey.run(runs.get(i).id()), 0, 10_000);
        List<SessionEvent> deltas = stored.subList(2, stored.size());
        List<SessionEvent> live = collect(subscriptions.get(i), deltas.size());
        assertThat(live).isEqualTo(deltas);
        assertThat(live).extracting(SessionEvent::seq).isSorted().doesNotHaveDuplicates();
        assertThat(f.store.verify(runs.get(i).id()).ok()).isTrue();
        total += deltas.size();
      }
      assertThat(total).isEqualTo(threads * perThread);
      assertThat(appended.stream().map(CompletableFuture::join).map(SessionEvent::seq).sorted())
          .containsExactlyElementsOf(
              java.util.stream.LongStream.rangeClosed(13, 12 + threads * perThread)
                  .boxed()
                  .toList());
      assertThat(f.store.lastSeq()).isEqualTo(12 + threads * perThread);
    }
  }

  @Test
  default void a_refused_change_fails_alone_and_its_batch_mates_commit_without_gaps()
      throws Exception {
    try (SessionFixture f = fixture()) {
      SessionRun open = f.aRunningRun();
      SessionRun ended = f.aRunningRun();
      f.store.transition(ended.id(), SessionRunStatus.CANCELLED, null, null);
      Subscription live = f.store.live().subscribe(StreamKey.run(open.id()), 1_000);
      long before = f.store.lastSeq();

      List<CompletableFuture<SessionEvent>> good = new ArrayList<>();
      List<CompletableFuture<SessionEvent>> refused = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        good.add(f.store.append(open.id(), EventTypes.MESSAGE_DELTA, json("text", "x" + i)));
        refused.add(f.store.append(ended.id(), EventTypes.MESSAGE_DELTA, json("text", "y" + i)));
      }

      for (CompletableFuture<SessionEvent> r : refused) {
        assertThatThrownBy(r::join)
            .isInstanceOf(CompletionException.class)
            .cause()
            .isInstanceOf(KxmException.class)
            .extracting(e -> ((KxmException) e).code())
            .isEqualTo(ErrorCode.RUN_TRANSITION_REFUSED);
      }
      List<Long> seqs = good.stream().map(CompletableFuture::join).map(SessionEvent::seq).toList();
      assertThat(seqs)
          .containsExactlyElementsOf(
              java.util.stream.LongStream.rangeClosed(before + 1, before + 200).boxed().toList());
      assertThat(collect(live, 200)).extracting(SessionEvent::seq).isEqualTo(seqs);
      assertThat(f.store.verify(open.id()).ok()).isTrue();
      assertThat(f.store.verify(ended.id()).events()).isEqualTo(3);
    }
  }

  @Test
  default void an_overflowing_subscriber_is_cut_while_the_others_keep_receiving() throws Exception {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      Subscription slow = f.store.live().subscribe(StreamKey.run(run.id()), 5);
      Subscription fast = f.store.live().subscribe(StreamKey.run(run.id()), 1_000);
      Subscription bySession = f.store.live().subscribe(StreamKey.session(run.sessionId()), 1_000);
      assertThat(f.store.live().subscribers()).isEqualTo(3);

      List<CompletableFuture<SessionEvent>> appended = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        appended.add(f.store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "t" + i)));
      }
      appended.getLast().join();

      assertThatThrownBy(() -> slow.poll(0)).isInstanceOf(LiveEvents.Overflowed.class);
      assertThatThrownBy(() -> slow.drain(10)).isInstanceOf(LiveEvents.Overflowed.class);
      assertThat(slow.isClosed()).isTrue();
      assertThat(collect(fast, 20))
          .extracting(SessionEvent::seq)
          .isEqualTo(
              appended.stream().map(CompletableFuture::join).map(SessionEvent::seq).toList());
      assertThat(collect(bySession, 20)).hasSize(20);
      assertThat(f.store.live().subscribers()).isEqualTo(2);

      fast.close();
      assertThat(fast.isClosed()).isTrue();
      assertThat(fast.poll(10)).isNull();
      assertThat(f.store.live().subscribers()).isEqualTo(1);
    }
  }

  @Test
  default void closing_the_store_commits_what_was_queued_and_closes_subscriptions()
      throws Exception {
    SessionFixture f = fixture();
    SessionRun run = f.aRunningRun();
    Subscription live = f.store.live().subscribe(StreamKey.run(run.id()), 1_000);
    List<CompletableFuture<SessionEvent>> appended = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      appended.add(f.store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "t" + i)));
    }
    f.close();

    assertThat(appended).allSatisfy(a -> assertThat(a).isCompleted());
    assertThat(live.isClosed()).isTrue();
    assertThat(live.drain(1_000)).hasSize(100);
    assertThat(f.store.live().subscribe(StreamKey.run(run.id()), 10).isClosed()).isTrue();
    assertThat(f.store.live().subscribers()).isZero();
    assertThat(f.store.append(run.id(), EventTypes.MESSAGE_DELTA, null))
        .failsWithin(java.time.Duration.ofSeconds(1))
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .withMessageContaining("closed");
  }

  /** Polls until {@code count} events arrived, failing after a deadline rather than hanging. */
  static List<SessionEvent> collect(Subscription subscription, int count)
      throws InterruptedException, LiveEvents.Overflowed {
    List<SessionEvent> out = new ArrayList<>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (out.size() < count && System.nanoTime() < deadline) {
      SessionEvent next = subscription.poll(200);
      if (next != null) {
        out.add(next);
      }
    }
    assertThat(out).as("events delivered live").hasSize(count);
    return out;
  }
}
