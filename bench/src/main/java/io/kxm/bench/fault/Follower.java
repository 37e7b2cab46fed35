package io.kxm.bench.fault;

import io.kxm.bench.client.SseStream;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import io.kxm.bench.product.HubProcess;
import io.kxm.core.sse.SseFrame;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * A numbered stream of the hub followed the way a careful client does: on any end of the stream it
 * connects again with {@code Last-Event-ID} set to the last sequence number it saw. It counts every
 * entry that breaks the promise: a sequence number at or below the last one (a duplicate), one that
 * skips ahead (a gap), a message seen twice. With a {@link Random}, it also drops the stream itself
 * after a random number of entries, to resume at once. Which stream it follows, with which headers,
 * and which of its entries carry a message, is given by a {@link Source} and a {@link Decoder}: an
 * agent's event stream ({@link #follow} and its siblings) or the whole operations stream ({@link
 * #operations}).
 */
final class Follower implements AutoCloseable {
  /** Where the next connection goes: the hub of the moment, the stream's path and headers. */
  record Source(URI base, String path, Map<String, String> headers) {}

  /** Reads one entry's data; the message it reports, or null for any other entry. */
  interface Decoder {
    Message decode(JsonNode entry);
  }

  /** A message an entry reports: its id (counted once) and content (timed by arrival). */
  record Message(String id, String content) {}

  private final String label;
  private final Supplier<Source> source;
  private final Decoder decoder;
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
      String label,
      String threadName,
      Supplier<Source> source,
      Decoder decoder,
      Random dropper,
      int maxTake,
      boolean timeArrivals,
      long startAfter) {
    this.label = label;
    this.source = source;
    this.decoder = decoder;
    this.dropper = dropper;
    this.maxTake = maxTake;
    this.arrivals = timeArrivals ? new ConcurrentHashMap<>() : null;
    this.lastSeq.set(startAfter);
    this.thread = Thread.ofVirtual().name(threadName).start(this::loop);
  }

  private static Follower ofAgent(
      Supplier<HubEndpoint> hub,
      Agent agent,
      Random dropper,
      int maxTake,
      boolean timeArrivals,
      long startAfter) {
    Supplier<Source> source =
        () -> {
          HubEndpoint h = hub.get();
          return new Source(
              h.base(), "/v1/agents/" + agent.id() + "/events", Wire.agentHeaders(h, agent));
        };
    return new Follower(
        "event stream of " + agent.name(),
        "follow-" + agent.name(),
        source,
        Follower::queuedMessage,
        dropper,
        maxTake,
        timeArrivals,
        startAfter);
  }

  /** Follows until closed, resuming after every end of the stream. */
  static Follower follow(Supplier<HubEndpoint> hub, Agent agent) {
    return ofAgent(hub, agent, null, 0, false, 0);
  }

  /** Also notes when each message arrived, by its content, for latency figures. */
  static Follower timed(Supplier<HubEndpoint> hub, Agent agent) {
    return ofAgent(hub, agent, null, 0, true, 0);
  }

  /** Resumes a stream some other client read up to {@code lastSeq}. */
  static Follower resuming(Supplier<HubEndpoint> hub, Agent agent, long lastSeq) {
    return ofAgent(hub, agent, null, 0, false, lastSeq);
  }

  /** Drops its own stream after 1 to {@code maxTake} events, at random, and resumes. */
  static Follower dropping(Supplier<HubEndpoint> hub, Agent agent, long seed, int maxTake) {
    return ofAgent(hub, agent, new Random(seed), maxTake, false, 0);
  }

  /**
   * The whole operations stream, followed with the admin token as an operator's tool follows it;
   * its messages are the {@code message.sent} entries.
   */
  static Follower operations(Supplier<HubProcess> hub) {
    Supplier<Source> source =
        () -> {
          HubProcess h = hub.get();
          return new Source(
              h.base(), "/v1/ops/events", Map.of("Authorization", "Bearer " + h.adminToken()));
        };
    return new Follower(
        "operations stream", "follow-ops", source, Follower::sentMessage, null, 0, false, 0);
  }

  /** An agent's {@code message.queued} event: the message in its envelope. */
  private static Message queuedMessage(JsonNode envelope) {
    if (!"message.queued".equals(envelope.path("type").asString())) {
      return null;
    }
    JsonNode message = envelope.path("data").path("message");
    return new Message(message.path("id").asString(), message.path("content").asString());
  }

  /** An operations entry of kind {@code message.sent}; metadata only, so no content. */
  private static Message sentMessage(JsonNode entry) {
    if (!"message.sent".equals(entry.path("kind").asString())) {
      return null;
    }
    return new Message(entry.path("messageId").asString(), "");
  }

  private void loop() {
    while (running) {
      Source to = source.get();
      Map<String, String> headers = new LinkedHashMap<>(to.headers());
      long after = lastSeq.get();
      if (after > 0) {
        headers.put("Last-Event-ID", Long.toString(after));
      }
      int take = dropper == null ? Integer.MAX_VALUE : 1 + dropper.nextInt(maxTake);
      try (SseStream s = SseStream.open(to.base(), to.path(), headers, 64 * 1024)) {
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
    Message message = decoder.decode(Wire.read(data));
    if (message != null) {
      if (!ids.add(message.id())) {
        repeatedIds.incrementAndGet();
      }
      if (arrivals != null) {
        arrivals.put(message.content(), System.nanoTime());
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
    return label;
  }
}
