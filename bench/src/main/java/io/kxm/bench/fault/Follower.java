package io.kxm.bench.fault;

import io.kxm.bench.client.SseStream;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import io.kxm.core.sse.SseFrame;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * An agent's event stream followed the way a careful client does: on any end of the stream it
 * connects again with {@code Last-Event-ID} set to the last sequence number it saw. It counts every
 * event that breaks the promise: a sequence number at or below the last one (a duplicate), one that
 * skips ahead (a gap), a message seen twice. With a {@link Random}, it also drops the stream itself
 * after a random number of events, to resume at once.
 */
final class Follower implements AutoCloseable {
  private final Supplier<HubEndpoint> hub;
  private final Agent agent;
  private final Random dropper;
  private final int maxTake;
  private final Set<String> ids = ConcurrentHashMap.newKeySet();
  private final Map<String, Long> arrivals;
  private final AtomicLong lastSeq = new AtomicLong();
  private final AtomicLong events = new AtomicLong();
  private final AtomicLong duplicates = new AtomicLong();
  private final AtomicLong gaps = new AtomicLong();
  private final AtomicLong repeatedIds = new AtomicLong();
  private final AtomicLong connections = new AtomicLong();
  private final AtomicLong ownDrops = new AtomicLong();
  private final AtomicLong controls = new AtomicLong();
  private volatile boolean running = true;
  private volatile SseStream current;
  private final Thread thread;

  private Follower(
      Supplier<HubEndpoint> hub, Agent agent, Random dropper, int maxTake, boolean timeArrivals) {
    this(hub, agent, dropper, maxTake, timeArrivals, 0);
  }

  private Follower(
      Supplier<HubEndpoint> hub,
      Agent agent,
      Random dropper,
      int maxTake,
      boolean timeArrivals,
      long startAfter) {
    this.hub = hub;
    this.agent = agent;
    this.dropper = dropper;
    this.maxTake = maxTake;
    this.arrivals = timeArrivals ? new ConcurrentHashMap<>() : null;
    this.lastSeq.set(startAfter);
    this.thread = Thread.ofVirtual().name("follow-" + agent.name()).start(this::loop);
  }

  /** Follows until closed, resuming after every end of the stream. */
  static Follower follow(Supplier<HubEndpoint> hub, Agent agent) {
    return new Follower(hub, agent, null, 0, false);
  }

  /** Also notes when each message arrived, by its content, for latency figures. */
  static Follower timed(Supplier<HubEndpoint> hub, Agent agent) {
    return new Follower(hub, agent, null, 0, true);
  }

  /** Resumes a stream some other client read up to {@code lastSeq}. */
  static Follower resuming(Supplier<HubEndpoint> hub, Agent agent, long lastSeq) {
    return new Follower(hub, agent, null, 0, false, lastSeq);
  }

  /** Drops its own stream after 1 to {@code maxTake} events, at random, and resumes. */
  static Follower dropping(Supplier<HubEndpoint> hub, Agent agent, long seed, int maxTake) {
    return new Follower(hub, agent, new Random(seed), maxTake, false);
  }

  private void loop() {
    while (running) {
      HubEndpoint h = hub.get();
      long after = lastSeq.get();
      var headers = Wire.agentHeaders(h, agent);
      if (after > 0) {
        headers.put("Last-Event-ID", Long.toString(after));
      }
      int take = dropper == null ? Integer.MAX_VALUE : 1 + dropper.nextInt(maxTake);
      try (SseStream s =
          SseStream.open(h.base(), "/v1/agents/" + agent.id() + "/events", headers, 64 * 1024)) {
        current = s;
        connections.incrementAndGet();
        s.readTimeout(Duration.ofSeconds(40)); // beyond the hub's 15 s heartbeat
        SseFrame e;
        while (running && take > 0 && (e = s.next()) != null) {
          if (e.id() == null) {
            controls.incrementAndGet(); // cursor_expired: never expected in these runs
            continue;
          }
          accept(Long.parseLong(e.id()), e.data());
          take--;
        }
        if (take == 0) {
          ownDrops.incrementAndGet(); // closing mid-stream is the disconnect
        }
      } catch (IOException | RuntimeException e) {
        if (running) {
          pause(); // the hub is down, restarting, or cut this stream: try again shortly
        }
      } finally {
        current = null;
      }
    }
  }

  private void accept(long seq, String data) {
    long last = lastSeq.get();
    events.incrementAndGet();
    if (seq <= last) {
      duplicates.incrementAndGet();
      return;
    }
    if (seq != last + 1) {
      gaps.incrementAndGet();
    }
    lastSeq.set(seq);
    JsonNode envelope = Wire.read(data);
    if ("message.queued".equals(envelope.path("type").asString())) {
      JsonNode message = envelope.path("data").path("message");
      if (!ids.add(message.path("id").asString())) {
        repeatedIds.incrementAndGet();
      }
      if (arrivals != null) {
        arrivals.put(message.path("content").asString(), System.nanoTime());
      }
    }
  }

  private static void pause() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits until every one of {@code expected} has arrived; false when the time ran out first. */
  boolean awaitAll(Collection<String> expected, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (ids.containsAll(expected)) {
        return true;
      }
      Thread.sleep(50); // polling counters of a client thread, not a test
    }
    return ids.containsAll(expected);
  }

  /** Waits until {@code count} messages have arrived; false when the time ran out first. */
  boolean awaitCount(long count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline && ids.size() < count) {
      Thread.sleep(50);
    }
    return ids.size() >= count;
  }

  Set<String> ids() {
    return ids;
  }

  /** When the message with this content arrived (System.nanoTime), or null. */
  Long arrival(String content) {
    return arrivals.get(content);
  }

  long lastSeq() {
    return lastSeq.get();
  }

  long events() {
    return events.get();
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

  long ownDrops() {
    return ownDrops.get();
  }

  long controls() {
    return controls.get();
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
    return "event stream of " + agent.name();
  }
}
