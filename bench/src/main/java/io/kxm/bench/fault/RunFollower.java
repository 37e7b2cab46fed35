package io.kxm.bench.fault;

import io.kxm.bench.client.SseStream;
import io.kxm.bench.product.SupervisorProcess;
import io.kxm.core.sse.SseFrame;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A session run's event stream followed the way a careful client does: whenever the stream ends
 * before the run did, or the supervisor is gone, it connects again (to whichever supervisor now
 * serves the store, on its new port) with {@code Last-Event-ID} set to the last sequence number it
 * saw. It keeps every sequence number it received, in order, and counts any at or below the last (a
 * duplicate). It stops once it has read the event that ends the run. It may start as a slow reader,
 * so that the store is ahead of it when the fault strikes and the rest must come by replay.
 */
final class RunFollower implements AutoCloseable {
  private final Supplier<SupervisorProcess> supervisor;
  private final String runId;
  private final List<Long> seqs = new ArrayList<>();
  private final AtomicLong lastSeq = new AtomicLong();
  private final AtomicLong duplicates = new AtomicLong();
  private final AtomicLong connections = new AtomicLong();
  private volatile String endType;
  private volatile boolean running = true;
  private volatile long pauseMillisPerEvent;
  private volatile SseStream current;
  private final Thread thread;

  RunFollower(Supplier<SupervisorProcess> supervisor, String runId, long pauseMillisPerEvent) {
    this.supervisor = supervisor;
    this.runId = runId;
    this.pauseMillisPerEvent = pauseMillisPerEvent;
    this.thread = Thread.ofVirtual().name("follow-" + runId).start(this::loop);
  }

  private void loop() {
    while (running && endType == null) {
      SupervisorProcess s = supervisor.get();
      Map<String, String> headers = s.authHeaders();
      long after = lastSeq.get();
      if (after > 0) {
        headers.put("Last-Event-ID", Long.toString(after));
      }
      try (SseStream stream =
          SseStream.open(s.base(), "/v1/runs/" + runId + "/events", headers, 64 * 1024)) {
        current = stream;
        connections.incrementAndGet();
        stream.readTimeout(Duration.ofSeconds(40));
        SseFrame e;
        while (running && endType == null && (e = stream.next()) != null) {
          accept(e);
          long pause = pauseMillisPerEvent;
          if (pause > 0) {
            Thread.sleep(pause); // a slow reader on purpose, until fullSpeed()
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (IOException | RuntimeException e) {
        if (running) {
          pause(); // the supervisor is down or restarting: try again shortly
        }
      } finally {
        current = null;
      }
    }
  }

  private void accept(SseFrame e) {
    long seq = Long.parseLong(e.id());
    if (seq <= lastSeq.get()) {
      duplicates.incrementAndGet();
      return;
    }
    lastSeq.set(seq);
    synchronized (seqs) {
      seqs.add(seq);
    }
    if (isEnd(e.type())) {
      endType = e.type();
    }
  }

  private static boolean isEnd(String type) {
    return switch (type == null ? "" : type) {
      case "run.completed", "run.failed", "run.cancelled", "run.interrupted" -> true;
      default -> false;
    };
  }

  private static void pause() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** From now on reads as fast as the events come. */
  void fullSpeed() {
    pauseMillisPerEvent = 0;
  }

  /** Waits until the follower has read at least {@code count} events; false on time out. */
  boolean awaitEvents(long count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (events() < count && endType == null && System.nanoTime() < deadline) {
      Thread.sleep(20); // polling a client thread's counter, not a test
    }
    return events() >= count;
  }

  /** Waits until it has read the event that ends the run; false on time out. */
  boolean awaitEnd(Duration timeout) throws InterruptedException {
    thread.join(timeout);
    return endType != null;
  }

  /** The sequence numbers received, in the order they came. */
  List<Long> seqs() {
    synchronized (seqs) {
      return List.copyOf(seqs);
    }
  }

  long events() {
    synchronized (seqs) {
      return seqs.size();
    }
  }

  String endType() {
    return endType;
  }

  long duplicates() {
    return duplicates.get();
  }

  long connections() {
    return connections.get();
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    SseStream s = current;
    if (s != null) {
      s.close();
    }
    thread.interrupt();
    thread.join(5_000);
  }

  @Override
  public String toString() {
    return "event stream of " + runId;
  }
}
