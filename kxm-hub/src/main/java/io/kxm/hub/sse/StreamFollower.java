package io.kxm.hub.sse;

import io.kxm.hub.fanout.LiveBus;
import io.kxm.hub.fanout.LiveListener;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * Serves one stream to one client without gap or duplicate: subscribe to live events first, replay
 * the store after the client's last sequence number, then follow live, dropping anything at or
 * below the last number sent and replaying whenever a jump or a gap signal shows that live delivery
 * missed something. Live events wait in a bounded queue; a client that falls so far behind that the
 * queue overflows is cut, and resumes by replay when it reconnects.
 */
public final class StreamFollower {
  private static final int REPLAY_BATCH = 500;
  private static final Item GAP = new Item(0, null);

  private final LiveBus bus;
  private final StreamSource source;
  private final String stream;
  private final int queueCapacity;
  private final Duration heartbeat;

  public StreamFollower(
      LiveBus bus, StreamSource source, String stream, int queueCapacity, Duration heartbeat) {
    this.bus = bus;
    this.source = source;
    this.stream = stream;
    this.queueCapacity = queueCapacity;
    this.heartbeat = heartbeat;
  }

  /** Why {@link #follow} returned. */
  public enum End {
    CLIENT_GONE,
    OVERFLOW,
    STOPPED
  }

  /**
   * Streams to {@code sink} until the client goes away, overflows, or {@code keepGoing} turns false
   * (server draining). Runs on the caller's thread.
   */
  public End follow(long afterSeq, SseSink sink, BooleanSupplier keepGoing)
      throws InterruptedException {
    BlockingQueue<Item> queue = new ArrayBlockingQueue<>(queueCapacity);
    AtomicBoolean overflow = new AtomicBoolean();
    try (LiveBus.Subscription ignored = bus.subscribe(stream, enqueue(queue, overflow, sink))) {
      long last = Math.max(0, afterSeq);
      last = announceExpiredCursor(last, sink);
      last = replay(last, sink);
      while (keepGoing.getAsBoolean()) {
        if (overflow.get()) {
          return End.OVERFLOW;
        }
        Item item = queue.poll(heartbeat.toMillis(), TimeUnit.MILLISECONDS);
        if (item == null) {
          // Idle: keep the connection open, and catch up on any event whose live delivery was
          // lost (a publish during a Redis reconnect) with one cheap indexed read.
          sink.comment("heartbeat");
          last = replay(last, sink);
        } else if (item == GAP || item.seq() > last + 1) {
          last = replay(last, sink);
        } else if (item.seq() == last + 1) {
          sink.event(item.seq(), item.json());
          last = item.seq();
        }
      }
      return End.STOPPED;
    } catch (IOException e) {
      return overflow.get() ? End.OVERFLOW : End.CLIENT_GONE;
    }
  }

  private long announceExpiredCursor(long last, SseSink sink) throws IOException {
    long first = source.firstRetainedSeq(stream);
    if (last > 0 && first > last + 1) {
      sink.control(
          "cursor_expired",
          "{\"type\":\"cursor_expired\",\"requestedAfter\":"
              + last
              + ",\"firstRetainedSeq\":"
              + first
              + ",\"hint\":\"events before firstRetainedSeq were purged; resync from current state\"}");
      return first - 1;
    }
    return last;
  }

  private long replay(long last, SseSink sink) throws IOException {
    while (true) {
      List<SseEvent> batch = source.readAfter(stream, last, REPLAY_BATCH);
      for (SseEvent event : batch) {
        if (event.seq() > last) {
          sink.event(event.seq(), event.json());
          last = event.seq();
        }
      }
      if (batch.size() < REPLAY_BATCH) {
        return last;
      }
    }
  }

  private static LiveListener enqueue(
      BlockingQueue<Item> queue, AtomicBoolean overflow, SseSink sink) {
    return new LiveListener() {
      @Override
      public void onEvent(long seq, String json) {
        offer(new Item(seq, json));
      }

      @Override
      public void onGap() {
        offer(GAP);
      }

      private void offer(Item item) {
        if (!queue.offer(item) && overflow.compareAndSet(false, true)) {
          // The client cannot keep up; cut it now rather than buffer without bound.
          sink.abort();
        }
      }
    };
  }

  private record Item(long seq, String json) {}
}
