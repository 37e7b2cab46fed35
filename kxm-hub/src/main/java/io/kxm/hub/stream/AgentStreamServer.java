package io.kxm.hub.stream;

import io.javalin.http.Context;
import io.kxm.core.trace.Tracing;
import io.kxm.fanout.LiveBus;
import io.kxm.hub.sse.OpenStreams;
import io.kxm.hub.sse.SseSink;
import io.kxm.hub.sse.StreamFollower;
import io.kxm.hub.sse.StreamSource;
import io.opentelemetry.api.trace.Tracer;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Serves one event stream (an agent's, or the operations log) over SSE on the request's own
 * (virtual) thread: replay from the client's cursor, then live events, heartbeat comments while
 * idle, until the client leaves, falls too far behind, or the hub drains.
 */
public final class AgentStreamServer {
  private final LiveBus bus;
  private final StreamSource source;
  private final StreamThreads active;
  private final int queueCapacity;
  private final Duration heartbeat;
  private final String eventName;
  private final OpenStreams open = new OpenStreams();
  private final Tracer tracer;

  public AgentStreamServer(
      LiveBus bus,
      StreamSource source,
      StreamThreads active,
      int queueCapacity,
      Duration heartbeat) {
    this(bus, source, active, queueCapacity, heartbeat, null);
  }

  /** With {@code eventName} on every event frame, as the operations stream names its events. */
  public AgentStreamServer(
      LiveBus bus,
      StreamSource source,
      StreamThreads active,
      int queueCapacity,
      Duration heartbeat,
      String eventName) {
    this(bus, source, active, queueCapacity, heartbeat, eventName, Tracing.off().tracer());
  }

  /** Live events published inside a traced request are sent in a span of that trace. */
  public AgentStreamServer(
      LiveBus bus,
      StreamSource source,
      StreamThreads active,
      int queueCapacity,
      Duration heartbeat,
      String eventName,
      Tracer tracer) {
    this.tracer = tracer;
    this.eventName = eventName;
    this.bus = bus;
    this.source = source;
    this.active = active;
    this.queueCapacity = queueCapacity;
    this.heartbeat = heartbeat;
  }

  /** The streams this server has open, for {@code /metrics}. */
  public OpenStreams openStreams() {
    return open;
  }

  /** Streams events of {@code agentId} after {@code afterSeq}; returns when the stream ended. */
  public StreamFollower.End serve(Context ctx, String agentId, long afterSeq) throws IOException {
    return serve(ctx, AgentStreams.key(agentId), afterSeq, UnaryOperator.identity());
  }

  /**
   * Streams the live stream {@code stream} after {@code afterSeq}, writing through {@code view}
   * (which may leave events out, never reorder them); returns when the stream ended.
   */
  public StreamFollower.End serve(
      Context ctx, String stream, long afterSeq, UnaryOperator<SseSink> view) throws IOException {
    SseSink sink = view.apply(JettySseSink.start(ctx, eventName));
    Optional<StreamThreads.Entry> entry = active.enter();
    if (entry.isEmpty()) {
      return StreamFollower.End.STOPPED;
    }
    StreamFollower follower =
        new StreamFollower(bus, source, stream, queueCapacity, heartbeat, open).tracedBy(tracer);
    try (StreamThreads.Entry ignored = entry.get()) {
      return follower.follow(afterSeq, sink, () -> !active.draining());
    } catch (InterruptedException e) {
      // The drain interrupted the wait for live events: end the response normally.
      Thread.interrupted();
      return StreamFollower.End.STOPPED;
    }
  }
}
