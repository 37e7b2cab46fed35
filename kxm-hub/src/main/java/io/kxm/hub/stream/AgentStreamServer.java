package io.kxm.hub.stream;

import io.javalin.http.Context;
import io.kxm.hub.fanout.LiveBus;
import io.kxm.hub.sse.StreamFollower;
import io.kxm.hub.sse.StreamSource;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

/**
 * Serves one agent's event stream over SSE on the request's own (virtual) thread: replay from the
 * client's cursor, then live events, heartbeat comments while idle, until the client leaves, falls
 * too far behind, or the hub drains.
 */
public final class AgentStreamServer {
  private final LiveBus bus;
  private final StreamSource source;
  private final StreamThreads active;
  private final int queueCapacity;
  private final Duration heartbeat;

  public AgentStreamServer(
      LiveBus bus,
      StreamSource source,
      StreamThreads active,
      int queueCapacity,
      Duration heartbeat) {
    this.bus = bus;
    this.source = source;
    this.active = active;
    this.queueCapacity = queueCapacity;
    this.heartbeat = heartbeat;
  }

  /** Streams events of {@code agentId} after {@code afterSeq}; returns when the stream ended. */
  public StreamFollower.End serve(Context ctx, String agentId, long afterSeq) throws IOException {
    JettySseSink sink = JettySseSink.start(ctx);
    Optional<StreamThreads.Entry> entry = active.enter();
    if (entry.isEmpty()) {
      return StreamFollower.End.STOPPED;
    }
    StreamFollower follower =
        new StreamFollower(bus, source, AgentStreams.key(agentId), queueCapacity, heartbeat);
    try (StreamThreads.Entry ignored = entry.get()) {
      return follower.follow(afterSeq, sink, () -> !active.draining());
    } catch (InterruptedException e) {
      // The drain interrupted the wait for live events: end the response normally.
      Thread.interrupted();
      return StreamFollower.End.STOPPED;
    }
  }
}
