package io.kxm.bench.fault;

import io.kxm.bench.client.SseStream;
import io.kxm.bench.product.HubProcess;
import io.kxm.core.sse.SseFrame;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * The whole operations stream followed with the admin token as an operator's tool follows it: on
 * any end it connects again with {@code Last-Event-ID}. It counts an entry at or below the last
 * sequence number (a duplicate), one that skips ahead (a gap), and a message sent twice.
 */
final class OpsStreamFollower implements AutoCloseable {
  private final Supplier<HubProcess> hub;
  private final Set<String> sent = ConcurrentHashMap.newKeySet();
  private final AtomicLong lastSeq = new AtomicLong();
  private final AtomicLong entries = new AtomicLong();
  private final AtomicLong duplicates = new AtomicLong();
  private final AtomicLong gaps = new AtomicLong();
  private final AtomicLong repeatedIds = new AtomicLong();
  private final AtomicLong connections = new AtomicLong();
  private volatile boolean running = true;
  private volatile SseStream current;
  private final Thread thread;

  OpsStreamFollower(Supplier<HubProcess> hub) {
    this.hub = hub;
    this.thread = Thread.ofVirtual().name("follow-ops").start(this::loop);
  }

  private void loop() {
    while (running) {
      HubProcess h = hub.get();
      Map<String, String> headers = new HashMap<>();
      headers.put("Authorization", "Bearer " + h.adminToken());
      long after = lastSeq.get();
      if (after > 0) {
        headers.put("Last-Event-ID", Long.toString(after));
      }
      try (SseStream s = SseStream.open(h.base(), "/v1/ops/events", headers, 64 * 1024)) {
        current = s;
        connections.incrementAndGet();
        s.readTimeout(Duration.ofSeconds(40)); // beyond the hub's 15 s heartbeat
        SseFrame e;
        while (running && (e = s.next()) != null) {
          if (e.id() != null) {
            accept(Long.parseLong(e.id()), e.data());
          }
        }
      } catch (IOException | RuntimeException e) {
        if (running) {
          pause(); // the hub is down or restarting: try again shortly
        }
      } finally {
        current = null;
      }
    }
  }

  private void accept(long seq, String data) {
    long last = lastSeq.get();
    entries.incrementAndGet();
    if (seq <= last) {
      duplicates.incrementAndGet();
      return;
    }
    if (seq != last + 1) {
      gaps.incrementAndGet();
    }
    lastSeq.set(seq);
    JsonNode entry = Wire.read(data);
    if ("message.sent".equals(entry.path("kind").asString())
        && !sent.add(entry.path("messageId").asString())) {
      repeatedIds.incrementAndGet();
    }
  }

  private static void pause() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits until every one of {@code expected} was seen sent; false when the time ran out. */
  boolean awaitAll(Collection<String> expected, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (sent.containsAll(expected)) {
        return true;
      }
      Thread.sleep(50); // polling counters of a client thread, not a test
    }
    return sent.containsAll(expected);
  }

  Set<String> sent() {
    return Set.copyOf(sent);
  }

  long lastSeq() {
    return lastSeq.get();
  }

  long entries() {
    return entries.get();
  }

  long duplicates() {
    return duplicates.get();
  }

  long gaps() {
    return gaps.get();
  }

  long repeatedIds() {
    return repeatedIds.get();
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
    thread.join(5_000);
  }
}
