package io.kxm.hub.messaging;

import io.kxm.core.json.Json;
import io.kxm.core.peer.PeerMessage;
import io.kxm.fanout.LiveBus;
import io.kxm.hub.sse.SseSink;
import io.kxm.hub.sse.StreamFollower;
import io.kxm.hub.sse.StreamSource;
import io.kxm.hub.stream.AgentStreams;
import io.kxm.store.Store;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Tells in-process listeners (the MCP endpoint) that a request arrived for an agent. Each
 * subscription follows the agent's stream like an SSE client does, from the moment it starts, so a
 * request sent through any hub node, or pushed again on a reconnect, reaches the listener once, and
 * an event missed by the live bus is found by replay.
 */
final class RequestArrivals {
  private static final Logger LOG = LoggerFactory.getLogger(RequestArrivals.class);

  private final Store store;
  private final LiveBus bus;
  private final StreamSource source;
  private final int queueCapacity;
  private final Duration heartbeat;
  private final Map<Arrivals, ArrivalSubscription> open = new ConcurrentHashMap<>();

  RequestArrivals(
      Store store, LiveBus bus, StreamSource source, int queueCapacity, Duration heartbeat) {
    this.store = store;
    this.bus = bus;
    this.source = source;
    this.queueCapacity = queueCapacity;
    this.heartbeat = heartbeat;
  }

  /** Calls {@code listener} on its own thread for every request that arrives after this call. */
  ArrivalSubscription subscribe(String agentId, Consumer<PeerMessage> listener) {
    Arrivals sink = new Arrivals(listener, store.agentEvents().lastSeq(agentId));
    StreamFollower follower =
        new StreamFollower(bus, source, AgentStreams.key(agentId), queueCapacity, heartbeat);
    Thread thread =
        Thread.ofVirtual().name("kxm-arrivals-" + agentId).unstarted(() -> follow(follower, sink));
    ArrivalSubscription subscription =
        () -> {
          sink.closed = true;
          open.remove(sink);
          thread.interrupt();
        };
    open.put(sink, subscription);
    thread.start();
    return subscription;
  }

  /** Ends every subscription; the hub calls it when it drains. */
  void closeAll() {
    List.copyOf(open.values()).forEach(ArrivalSubscription::close);
  }

  private void follow(StreamFollower follower, Arrivals sink) {
    while (!sink.closed) {
      try {
        // A slow listener overflows the follower, which then resumes from the store.
        follower.follow(sink.last, sink, () -> !sink.closed);
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        if (sink.closed) {
          return;
        }
        LOG.warn("following requests for a listener failed, retrying: {}", e.toString());
        try {
          Thread.sleep(heartbeat.toMillis()); // let the store recover before the next replay
        } catch (InterruptedException stop) {
          return;
        }
      }
    }
  }

  private static final class Arrivals implements SseSink {
    private final Consumer<PeerMessage> listener;
    volatile long last;
    volatile boolean closed;

    Arrivals(Consumer<PeerMessage> listener, long last) {
      this.listener = listener;
      this.last = last;
    }

    @Override
    public void event(long seq, String json) {
      last = seq;
      JsonNode envelope = Json.read(json);
      if (!MessageEvents.QUEUED.equals(envelope.path("type").asString())) {
        return;
      }
      try {
        listener.accept(
            Json.MAPPER.treeToValue(envelope.path("data").path("message"), PeerMessage.class));
      } catch (RuntimeException e) {
        LOG.warn("a request-arrived listener failed: {}", e.toString());
      }
    }

    @Override
    public void control(String name, String json) {}

    @Override
    public void comment(String text) {}

    @Override
    public void abort() {}
  }
}
