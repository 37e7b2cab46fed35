package io.kxm.hub.sse;

import io.kxm.core.trace.Tracing;
import io.kxm.fanout.LiveBus;
import io.kxm.fanout.LiveListener;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * Serves one stream to one client without gap or duplicate: subscribe to live events first, replay
 * the store after the client's last sequence number, then follow live, dropping anything at or
 * below the last number sent and replaying whenever a gap signal, or a jump that the next few
 * milliseconds of live events do not fill, shows that live delivery missed something. Live events
 * wait in a bounded queue and are taken in batches, each sent with one flush; a client that falls
 * so far behind that the queue overflows is cut, and resumes by replay when it reconnects.
 *
 * <p>Events handed over in process come from this hub's own commits and are sent as they are. A
 * wake-up from another node carries no event, only a claim that the store holds one: it is answered
 * by one read of the store after the last number sent, so nothing reaches the client that the store
 * does not hold, and a claim far ahead of the store delivers nothing and moves nothing. All
 * wake-ups taken in one batch cost one read, so a burst is read once.
 */
public final class StreamFollower {
  private static final int REPLAY_BATCH = 500;
  private static final Item GAP = new Item(Kind.GAP, 0, null, null);
  private static final Tracer NO_TRACES = Tracing.off().tracer();
  private static final AttributeKey<String> STREAM = AttributeKey.stringKey("kxm.stream");
  private static final AttributeKey<Long> SEQ = AttributeKey.longKey("kxm.seq");

  /**
   * How long live events past a gap wait for the missing one before the store is read. Publishes
   * after concurrent commits usually swap places within a millisecond or two; this leaves room for
   * a busy scheduler while keeping a truly lost event's delay short.
   */
  private static final Duration HOLD_WINDOW = Duration.ofMillis(25);

  private final LiveBus bus;
  private final StreamSource source;
  private final String stream;
  private final int queueCapacity;
  private final Duration heartbeat;
  private final Duration holdWindow;
  private final OpenStreams watch;
  private final Tracer tracer;

  public StreamFollower(
      LiveBus bus, StreamSource source, String stream, int queueCapacity, Duration heartbeat) {
    this(bus, source, stream, queueCapacity, heartbeat, new OpenStreams());
  }

  /** Counted among {@code watch}'s open streams while it follows. */
  public StreamFollower(
      LiveBus bus,
      StreamSource source,
      String stream,
      int queueCapacity,
      Duration heartbeat,
      OpenStreams watch) {
    this(
        bus,
        source,
        stream,
        queueCapacity,
        heartbeat,
        heartbeat.compareTo(HOLD_WINDOW) < 0 ? heartbeat : HOLD_WINDOW,
        watch);
  }

  /** With the time live events past a gap wait for the missing one before a replay. */
  public StreamFollower(
      LiveBus bus,
      StreamSource source,
      String stream,
      int queueCapacity,
      Duration heartbeat,
      Duration holdWindow) {
    this(bus, source, stream, queueCapacity, heartbeat, holdWindow, new OpenStreams());
  }

  private StreamFollower(
      LiveBus bus,
      StreamSource source,
      String stream,
      int queueCapacity,
      Duration heartbeat,
      Duration holdWindow,
      OpenStreams watch) {
    this(bus, source, stream, queueCapacity, heartbeat, holdWindow, watch, NO_TRACES);
  }

  private StreamFollower(
      LiveBus bus,
      StreamSource source,
      String stream,
      int queueCapacity,
      Duration heartbeat,
      Duration holdWindow,
      OpenStreams watch,
      Tracer tracer) {
    this.tracer = tracer;
    this.watch = watch;
    this.bus = bus;
    this.source = source;
    this.stream = stream;
    this.queueCapacity = queueCapacity;
    this.heartbeat = heartbeat;
    this.holdWindow = holdWindow;
  }

  /**
   * The same follower, sending a live event published inside a traced request (a traced {@code
   * kxm_send}) in a span that is a child of that request's: the trace then reaches the recipient's
   * stream. Events from replay or from another node's wake-up carry no trace.
   */
  public StreamFollower tracedBy(Tracer newTracer) {
    return new StreamFollower(
        bus, source, stream, queueCapacity, heartbeat, holdWindow, watch, newTracer);
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
    try (OpenStreams.Open counted = watch.opened(queue);
        LiveBus.Subscription ignored = bus.subscribe(stream, enqueue(queue, overflow, sink))) {
      Position at = new Position(Math.max(0, afterSeq));
      at.last = announceExpiredCursor(at.last, sink);
      at.last = replay(at.last, sink);
      sink.flush();
      List<Item> drained = new ArrayList<>();
      while (keepGoing.getAsBoolean()) {
        if (overflow.get()) {
          watch.cutOne();
          return End.OVERFLOW;
        }
        long waitNanos =
            at.held.isEmpty()
                ? heartbeat.toNanos()
                : Math.max(0, at.heldSince + holdWindow.toNanos() - System.nanoTime());
        Item first = queue.poll(waitNanos, TimeUnit.NANOSECONDS);
        if (first == null && at.held.isEmpty()) {
          // Idle: keep the connection open, and catch up on any event whose live delivery was
          // lost (a publish during a Redis reconnect) with one cheap indexed read.
          sink.comment("heartbeat");
          at.last = replay(at.last, sink);
        } else if (first == null) {
          catchUp(at, sink); // the hold window passed and the gap is still open
        } else {
          drained.add(first);
          queue.drainTo(drained);
          take(drained, at, sink);
          drained.clear();
        }
        sink.flush(); // one network write for everything this round produced
      }
      return End.STOPPED;
    } catch (IOException e) {
      if (overflow.get()) {
        watch.cutOne();
        return End.OVERFLOW;
      }
      return End.CLIENT_GONE;
    }
  }

  /**
   * Sends a batch of live events in order. An event past a gap is held rather than answered with a
   * replay at once: with several senders, commits publish out of order all the time, and the
   * missing event usually arrives a moment later, which saves a store read per follower. A gap that
   * stays open longer than the hold window, or holds too many events, is filled by replay, as is
   * any gap signal from the bus.
   */
  private void take(List<Item> items, Position at, SseSink sink) throws IOException {
    boolean gapSignal = false;
    long wokenTo = 0;
    for (Item item : items) {
      if (item.kind() == Kind.GAP) {
        gapSignal = true;
      } else if (item.kind() == Kind.WAKE) {
        // A wake-up for an event already held needs no read: the event itself is here.
        if (!at.held.containsKey(item.seq())) {
          wokenTo = Math.max(wokenTo, item.seq());
        }
      } else if (item.seq() == at.last + 1 && at.held.isEmpty()) {
        deliver(item, sink);
        at.last = item.seq();
      } else if (item.seq() > at.last) {
        at.held.put(item.seq(), item.json());
        at.last = sendHeldInOrder(at, sink);
      }
    }
    if (gapSignal || wokenTo > at.last) {
      catchUp(at, sink); // one read for every wake-up of the batch
    } else if (!at.held.isEmpty()) {
      long now = System.nanoTime();
      if (at.heldSince == 0) {
        at.heldSince = now;
      } else if (now - at.heldSince >= holdWindow.toNanos() || at.held.size() >= queueCapacity) {
        catchUp(at, sink);
      }
    }
  }

  /** Sends one live event, in a span under the request that published it when it was traced. */
  private void deliver(Item item, SseSink sink) throws IOException {
    if (item.trace() == null) {
      sink.event(item.seq(), item.json());
      return;
    }
    Span span =
        tracer
            .spanBuilder("stream deliver")
            .setParent(item.trace())
            .setSpanKind(SpanKind.PRODUCER)
            .setAttribute(STREAM, stream)
            .setAttribute(SEQ, item.seq())
            .startSpan();
    try {
      sink.event(item.seq(), item.json());
    } finally {
      span.end();
    }
  }

  /** Replays from the store, then sends whatever held events follow on without a gap. */
  private void catchUp(Position at, SseSink sink) throws IOException {
    at.last = replay(at.last, sink);
    at.last = sendHeldInOrder(at, sink);
    at.heldSince = at.held.isEmpty() ? 0 : System.nanoTime();
  }

  /** Drops held events already sent and sends those that now follow {@code last} directly. */
  private static long sendHeldInOrder(Position at, SseSink sink) throws IOException {
    long last = at.last;
    at.held.headMap(last, true).clear();
    while (!at.held.isEmpty() && at.held.firstKey() == last + 1) {
      var next = at.held.pollFirstEntry();
      sink.event(next.getKey(), next.getValue());
      last = next.getKey();
    }
    if (at.held.isEmpty()) {
      at.heldSince = 0;
    }
    return last;
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
      sink.flush();
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
        // In-process publishing runs on the writer's thread, inside its span when it is traced.
        Context trace = Span.current().getSpanContext().isValid() ? Context.current() : null;
        offer(new Item(Kind.EVENT, seq, json, trace));
      }

      @Override
      public void onWake(long seq) {
        offer(new Item(Kind.WAKE, seq, null, null));
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

  /** What the bus handed over: a committed event, a wake-up from another node, or a gap. */
  private enum Kind {
    EVENT,
    WAKE,
    GAP
  }

  private record Item(Kind kind, long seq, String json, Context trace) {}

  /** Where one connection stands: the last number sent, and live events held past a gap. */
  private static final class Position {
    long last;
    final TreeMap<Long, String> held = new TreeMap<>();
    long heldSince; // System.nanoTime() when the current gap was first seen; 0 while none

    Position(long last) {
      this.last = last;
    }
  }
}
