package io.kxm.hub.sse;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.fanout.InProcessLiveBus;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class StreamFollowerTest {
  private static final String STREAM = "agent-1";

  /** The store's role: an append-only log read by sequence number. */
  private static final class Log implements StreamSource {
    private final List<SseEvent> events = new CopyOnWriteArrayList<>();
    private volatile long firstRetained = 1;

    synchronized SseEvent append() {
      SseEvent event = new SseEvent(events.size() + 1, "{\"n\":" + (events.size() + 1) + "}");
      events.add(event);
      return event;
    }

    @Override
    public List<SseEvent> readAfter(String stream, long afterSeq, int limit) {
      List<SseEvent> out = new ArrayList<>();
      for (SseEvent e : events) {
        if (e.seq() > afterSeq && e.seq() >= firstRetained && out.size() < limit) {
          out.add(e);
        }
      }
      return out;
    }

    @Override
    public long firstRetainedSeq(String stream) {
      return events.isEmpty() ? 0 : firstRetained;
    }
  }

  /** A log that counts how often it is read. */
  private static final class CountingLog implements StreamSource {
    final Log log = new Log();
    final AtomicInteger reads = new AtomicInteger();

    @Override
    public List<SseEvent> readAfter(String stream, long afterSeq, int limit) {
      reads.incrementAndGet();
      return log.readAfter(stream, afterSeq, limit);
    }

    @Override
    public long firstRetainedSeq(String stream) {
      return log.firstRetainedSeq(stream);
    }
  }

  /** A client that records events and flushes, readable from the test thread. */
  private static final class RecordingClient implements SseSink {
    final List<Long> seen = new CopyOnWriteArrayList<>();
    final AtomicInteger flushes = new AtomicInteger();

    @Override
    public void event(long seq, String json) {
      seen.add(seq);
    }

    @Override
    public void control(String name, String json) {}

    @Override
    public void comment(String text) {}

    @Override
    public void flush() {
      flushes.incrementAndGet();
    }

    @Override
    public void abort() {}
  }

  /** A client that records what it got and hangs up after a random number of events. */
  private static final class FlakyClient implements SseSink {
    final List<Long> seen = new ArrayList<>();
    final List<String> controls = new ArrayList<>();
    int budget;

    @Override
    public void event(long seq, String json) throws IOException {
      if (budget-- <= 0) {
        throw new IOException("client hung up");
      }
      seen.add(seq);
    }

    @Override
    public void control(String name, String json) {
      controls.add(name);
    }

    @Override
    public void comment(String text) {}

    @Override
    public void abort() {}
  }

  @Test
  void a_client_that_drops_and_resumes_at_random_sees_every_event_once_in_order() throws Exception {
    Log log = new Log();
    int total = 5_000;
    try (InProcessLiveBus bus = new InProcessLiveBus()) {
      Random random = new Random(42);
      AtomicBoolean producing = new AtomicBoolean(true);
      Thread producer =
          Thread.ofVirtual()
              .start(() -> {
                Random r = new Random(7);
                for (int i = 0; i < total; i++) {
                  SseEvent e = log.append();
                  int dice = r.nextInt(100);
                  if (dice < 5) {
                    continue; // a lost live delivery: only the store has it
                  } else if (dice < 7) {
                    bus.publish(STREAM, 0, "");
                  }
                  bus.publish(STREAM, e.seq(), e.json());
                }
                producing.set(false);
              });

      FlakyClient client = new FlakyClient();
      AtomicLong lastSeen = new AtomicLong();
      StreamFollower follower = new StreamFollower(bus, log, STREAM, 64, Duration.ofMillis(20));
      int reconnects = 0;
      while (client.seen.size() < total) {
        client.budget = 1 + random.nextInt(300);
        follower.follow(
            lastSeen.get(), client, () -> producing.get() || client.seen.size() < total);
        if (!client.seen.isEmpty()) {
          lastSeen.set(client.seen.get(client.seen.size() - 1));
        }
        reconnects++;
      }
      producer.join();

      assertThat(reconnects).isGreaterThan(10);
      assertThat(client.seen).hasSize(total);
      for (int i = 0; i < total; i++) {
        assertThat(client.seen.get(i)).isEqualTo(i + 1L);
      }
    }
  }

  @Test
  void a_resume_point_older_than_the_store_holds_gets_cursor_expired_then_the_rest()
      throws Exception {
    Log log = new Log();
    for (int i = 0; i < 10; i++) {
      log.append();
    }
    log.firstRetained = 6;
    try (InProcessLiveBus bus = new InProcessLiveBus()) {
      FlakyClient client = new FlakyClient();
      client.budget = 100;
      new StreamFollower(bus, log, STREAM, 16, Duration.ofMillis(10))
          .follow(2, client, () -> client.seen.size() < 5);

      assertThat(client.controls).containsExactly("cursor_expired");
      assertThat(client.seen).containsExactly(6L, 7L, 8L, 9L, 10L);
    }
  }

  @Test
  void a_client_that_falls_behind_the_queue_is_cut() throws Exception {
    Log log = new Log();
    try (InProcessLiveBus bus = new InProcessLiveBus()) {
      AtomicBoolean aborted = new AtomicBoolean();
      java.util.concurrent.CountDownLatch blocked = new java.util.concurrent.CountDownLatch(1);
      SseSink stuck =
          new SseSink() {
            @Override
            public void event(long seq, String json) throws IOException {
              blocked.countDown();
              // Reads nothing: the write blocks until the connection is aborted.
              while (!aborted.get()) {
                Thread.onSpinWait();
              }
              throw new IOException("aborted");
            }

            @Override
            public void control(String name, String json) {}

            @Override
            public void comment(String text) {}

            @Override
            public void abort() {
              aborted.set(true);
            }
          };
      StreamFollower follower = new StreamFollower(bus, log, STREAM, 8, Duration.ofSeconds(1));
      var result = new java.util.concurrent.atomic.AtomicReference<StreamFollower.End>();
      Thread follow =
          Thread.ofVirtual()
              .start(() -> {
                try {
                  result.set(follower.follow(0, stuck, () -> true));
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      SseEvent first = log.append();
      bus.publish(STREAM, first.seq(), first.json());
      blocked.await();
      for (int i = 0; i < 20; i++) {
        SseEvent e = log.append();
        bus.publish(STREAM, e.seq(), e.json());
      }
      follow.join(Duration.ofSeconds(10));

      assertThat(aborted).isTrue();
      assertThat(result.get()).isEqualTo(StreamFollower.End.OVERFLOW);
    }
  }

  @Test
  void live_events_published_out_of_order_are_sent_in_order_without_reading_the_store_again()
      throws Exception {
    CountingLog source = new CountingLog();
    try (InProcessLiveBus bus = new InProcessLiveBus()) {
      RecordingClient client = new RecordingClient();
      AtomicBoolean keepGoing = new AtomicBoolean(true);
      // A hold window far longer than the test: the order must come from holding, not replay.
      StreamFollower follower =
          new StreamFollower(bus, source, STREAM, 64, Duration.ofMinutes(5), Duration.ofMinutes(5));
      Thread follow = Thread.ofVirtual().start(() -> followQuietly(follower, client, keepGoing));
      Awaitility.await().until(() -> source.reads.get() == 1); // the replay at subscription
      SseEvent one = source.log.append();
      SseEvent two = source.log.append();
      SseEvent three = source.log.append();
      bus.publish(STREAM, three.seq(), three.json());
      bus.publish(STREAM, two.seq(), two.json());
      bus.publish(STREAM, one.seq(), one.json());

      Awaitility.await().until(() -> client.seen.size() == 3);
      keepGoing.set(false);
      bus.publish(STREAM, 0, ""); // wakes the follower so that it sees keepGoing
      follow.join(Duration.ofSeconds(10));

      assertThat(client.seen).containsExactly(1L, 2L, 3L);
      assertThat(source.reads.get()).isEqualTo(1);
    }
  }

  @Test
  void a_gap_that_live_delivery_never_fills_is_filled_by_replay_once_the_hold_window_passes()
      throws Exception {
    CountingLog source = new CountingLog();
    try (InProcessLiveBus bus = new InProcessLiveBus()) {
      RecordingClient client = new RecordingClient();
      AtomicBoolean keepGoing = new AtomicBoolean(true);
      StreamFollower follower =
          new StreamFollower(bus, source, STREAM, 64, Duration.ofMinutes(5), Duration.ofMillis(20));
      Thread follow = Thread.ofVirtual().start(() -> followQuietly(follower, client, keepGoing));
      Awaitility.await().until(() -> source.reads.get() == 1);
      source.log.append(); // its live delivery is lost
      SseEvent two = source.log.append();
      bus.publish(STREAM, two.seq(), two.json());

      Awaitility.await().until(() -> client.seen.size() == 2);
      keepGoing.set(false);
      bus.publish(STREAM, 0, "");
      follow.join(Duration.ofSeconds(10));

      assertThat(client.seen).containsExactly(1L, 2L);
      assertThat(source.reads.get()).isGreaterThan(1);
    }
  }

  @Test
  void a_replayed_backlog_is_flushed_once_per_store_batch_not_once_per_event() throws Exception {
    CountingLog source = new CountingLog();
    for (int i = 0; i < 1_200; i++) {
      source.log.append();
    }
    try (InProcessLiveBus bus = new InProcessLiveBus()) {
      RecordingClient client = new RecordingClient();
      new StreamFollower(bus, source, STREAM, 16, Duration.ofMillis(10))
          .follow(0, client, () -> client.seen.size() < 1_200);

      assertThat(client.seen).hasSize(1_200);
      assertThat(client.flushes.get()).isBetween(3, 10);
    }
  }

  @Test
  void a_wake_up_delivers_only_what_the_store_holds_and_a_claim_far_ahead_moves_nothing()
      throws Exception {
    CountingLog source = new CountingLog();
    try (InProcessLiveBus bus = new InProcessLiveBus()) {
      RecordingClient client = new RecordingClient();
      AtomicBoolean keepGoing = new AtomicBoolean(true);
      StreamFollower follower =
          new StreamFollower(bus, source, STREAM, 64, Duration.ofMinutes(5), Duration.ofMinutes(5));
      Thread follow = Thread.ofVirtual().start(() -> followQuietly(follower, client, keepGoing));
      Awaitility.await().until(() -> source.reads.get() == 1);
      source.log.append();
      bus.wake(STREAM, 100); // forged: the store holds 1 only
      Awaitility.await().until(() -> client.seen.size() == 1);
      for (int i = 2; i <= 100; i++) {
        source.log.append();
      }
      bus.wake(STREAM, 100); // now true: 2 to 100 are still owed and must arrive

      Awaitility.await().until(() -> client.seen.size() == 100);
      keepGoing.set(false);
      bus.wake(STREAM, 1);
      follow.join(Duration.ofSeconds(10));

      assertThat(client.seen)
          .containsExactlyElementsOf(LongStream.rangeClosed(1, 100).boxed().toList());
    }
  }

  @Test
  void a_burst_of_wake_ups_costs_one_store_read() throws Exception {
    CountDownLatch reading = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CountingLog log = new CountingLog();
    StreamSource source =
        new StreamSource() {
          @Override
          public List<SseEvent> readAfter(String stream, long afterSeq, int limit) {
            if (log.reads.get() == 1) { // the read after the first wake-up waits for the burst
              reading.countDown();
              awaitQuietly(release);
            }
            return log.readAfter(stream, afterSeq, limit);
          }

          @Override
          public long firstRetainedSeq(String stream) {
            return log.firstRetainedSeq(stream);
          }
        };
    try (InProcessLiveBus bus = new InProcessLiveBus()) {
      RecordingClient client = new RecordingClient();
      AtomicBoolean keepGoing = new AtomicBoolean(true);
      StreamFollower follower =
          new StreamFollower(bus, source, STREAM, 64, Duration.ofMinutes(5), Duration.ofMinutes(5));
      Thread follow = Thread.ofVirtual().start(() -> followQuietly(follower, client, keepGoing));
      Awaitility.await().until(() -> log.reads.get() == 1);
      for (int i = 1; i <= 50; i++) {
        log.log.append();
      }
      bus.wake(STREAM, 1);
      reading.await();
      for (int i = 2; i <= 50; i++) {
        bus.wake(STREAM, i); // they queue while the first read runs
      }
      release.countDown();

      Awaitility.await().until(() -> client.seen.size() == 50);
      keepGoing.set(false);
      bus.wake(STREAM, 50);
      follow.join(Duration.ofSeconds(10));

      assertThat(log.reads.get()).isEqualTo(2);
      assertThat(client.seen)
          .containsExactlyElementsOf(LongStream.rangeClosed(1, 50).boxed().toList());
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void followQuietly(
      StreamFollower follower, SseSink client, AtomicBoolean keepGoing) {
    try {
      follower.follow(0, client, keepGoing::get);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
