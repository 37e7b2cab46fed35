package io.kxm.store.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.kxm.core.agent.Agent;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.stream.StreamEvent;
import io.kxm.store.StoreContract;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link AgentEventStore} must do, whatever the database. */
public abstract class AgentEventStoreContract extends StoreContract {
  private Agent alice;

  @BeforeEach
  void anAgent() {
    alice = agent("alice");
  }

  @Test
  void events_are_numbered_from_one_and_read_back_in_order_as_appended() {
    Instant now = clock.instant();
    String data = "{\"b\": 1,  \"a\": [true]}";
    StreamEvent first = store.agentEvents().append(alice.id(), "message.queued", data);
    store.agentEvents().append(alice.id(), "message.replied", "{}");
    store.agentEvents().append(alice.id(), "message.cancelled", "{}");

    assertThat(first).isEqualTo(StreamEvent.forAgent(1, "message.queued", now, alice.id(), data));
    assertThat(store.agentEvents().readAfter(alice.id(), 0, 2))
        .extracting(StreamEvent::seq, StreamEvent::type)
        .containsExactly(tuple(1L, "message.queued"), tuple(2L, "message.replied"));
    assertThat(store.agentEvents().readAfter(alice.id(), 1, 100))
        .extracting(StreamEvent::seq)
        .containsExactly(2L, 3L);
    assertThat(store.agentEvents().readAfter(alice.id(), 0, 1).getFirst().data()).isEqualTo(data);
    assertThat(store.agentEvents().lastSeq(alice.id())).isEqualTo(3);
  }

  @Test
  void the_envelope_carries_seq_type_time_agent_and_data() {
    StreamEvent event = store.agentEvents().append(alice.id(), "message.queued", "{\"id\":7}");

    var envelope = Json.read(event.envelopeJson());

    assertThat(envelope.get("seq").asLong()).isEqualTo(1);
    assertThat(envelope.get("type").asString()).isEqualTo("message.queued");
    assertThat(envelope.get("ts").asString()).isEqualTo(clock.instant().toString());
    assertThat(envelope.get("agentId").asString()).isEqualTo(alice.id());
    assertThat(envelope.get("data").get("id").asInt()).isEqualTo(7);
  }

  @Test
  void each_agent_has_its_own_numbering() {
    Agent bob = agent("bob");
    store.agentEvents().append(alice.id(), "ping", "{}");
    store.agentEvents().append(alice.id(), "ping", "{}");

    assertThat(store.agentEvents().append(bob.id(), "ping", "{}").seq()).isEqualTo(1);
    assertThat(store.agentEvents().lastSeq(agent("carol").id())).isZero();
    assertThat(store.agentEvents().oldestRetainedSeq(bob.id())).hasValue(1);
  }

  @Test
  void concurrent_appends_get_every_number_once_without_gaps() throws Exception {
    int threads = 8;
    int perThread = 25;
    List<Long> seqs =
        concurrently(
                threads,
                t ->
                    LongStream.range(0, perThread)
                        .map(i -> store.agentEvents().append(alice.id(), "tick", "{}").seq())
                        .boxed()
                        .toList())
            .stream()
            .flatMap(List::stream)
            .toList();

    long total = (long) threads * perThread;
    assertThat(seqs)
        .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, total).boxed().toList());
    assertThat(store.agentEvents().readAfter(alice.id(), 0, 1000))
        .extracting(StreamEvent::seq)
        .containsExactlyElementsOf(LongStream.rangeClosed(1, total).boxed().toList());
  }

  @Test
  void an_append_rolled_back_with_its_transaction_gives_its_number_back() {
    store.agentEvents().append(alice.id(), "kept", "{}");

    assertThatThrownBy(() ->
            store.write(tx -> {
              tx.agentEvents().append(alice.id(), "lost", "{}");
              throw new IllegalStateException("the hub changed its mind");
            }))
        .hasMessage("the hub changed its mind");

    assertThat(store.agentEvents().append(alice.id(), "kept", "{}").seq()).isEqualTo(2);
    assertThat(store.agentEvents().readAfter(alice.id(), 0, 10))
        .extracting(StreamEvent::type)
        .containsExactly("kept", "kept");
  }

  @Test
  void trimming_keeps_the_numbering_going() {
    for (int i = 0; i < 5; i++) {
      store.agentEvents().append(alice.id(), "tick", "{}");
    }

    assertThat(store.agentEvents().trimBefore(alice.id(), 4)).isEqualTo(3);
    assertThat(store.agentEvents().oldestRetainedSeq(alice.id())).hasValue(4);
    assertThat(store.agentEvents().trimBefore(alice.id(), 100)).isEqualTo(2);
    assertThat(store.agentEvents().oldestRetainedSeq(alice.id())).isEqualTo(OptionalLong.empty());
    assertThat(store.agentEvents().append(alice.id(), "tick", "{}").seq()).isEqualTo(6);
  }

  @Test
  void trimming_by_age_removes_only_older_events_of_every_agent_and_keeps_the_numbering() {
    Agent bob = agent("bob");
    store.agentEvents().append(alice.id(), "old", "{}");
    store.agentEvents().append(bob.id(), "old", "{}");
    clock.tick(Duration.ofMinutes(5));
    Instant cutoff = clock.instant();
    store.agentEvents().append(alice.id(), "new", "{}");

    assertThat(store.agentEvents().trimOlderThan(cutoff)).isGreaterThanOrEqualTo(2);

    assertThat(store.agentEvents().readAfter(alice.id(), 0, 10))
        .extracting(StreamEvent::seq, StreamEvent::type)
        .containsExactly(tuple(2L, "new"));
    assertThat(store.agentEvents().oldestRetainedSeq(bob.id())).isEmpty();
    assertThat(store.agentEvents().lastSeq(bob.id())).isEqualTo(1);
    assertThat(store.agentEvents().append(bob.id(), "new", "{}").seq()).isEqualTo(2);
  }

  @Test
  void data_that_is_not_json_is_refused() {
    assertThatThrownBy(() -> store.agentEvents().append(alice.id(), "tick", "{oops"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_REQUEST));
    assertThat(store.agentEvents().lastSeq(alice.id())).isZero();
  }

  /**
   * The resume contract: a reader that has seen number n+1 never later finds an n it missed. An
   * append holding n keeps the next append of the same stream waiting until it commits, so n+1
   * cannot become visible first.
   */
  @Test
  void a_later_number_never_becomes_visible_before_an_earlier_one_commits() throws Exception {
    CountDownLatch appended = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<Long> first =
        CompletableFuture.supplyAsync(() ->
            store.write(tx -> {
              long seq = tx.agentEvents().append(alice.id(), "ping", "{}").seq();
              appended.countDown();
              awaitQuietly(release);
              return seq;
            }));
    assertThat(appended.await(30, TimeUnit.SECONDS)).isTrue();
    CompletableFuture<Long> second =
        CompletableFuture.supplyAsync(
            () -> store.agentEvents().append(alice.id(), "ping", "{}").seq());

    assertThat(store.agentEvents().readAfter(alice.id(), 0, 10)).isEmpty();
    assertThat(second).isNotDone();

    release.countDown();
    assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo(1);
    assertThat(second.get(30, TimeUnit.SECONDS)).isEqualTo(2);
    assertThat(store.agentEvents().readAfter(alice.id(), 0, 10))
        .extracting(StreamEvent::seq)
        .containsExactly(1L, 2L);
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
