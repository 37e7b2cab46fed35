package io.kxm.hub.stream;

import io.kxm.core.stream.StreamEvent;
import io.kxm.core.trace.Tracing;
import io.kxm.fanout.LiveBus;
import io.kxm.hub.metrics.HubCounts;
import io.kxm.store.Store;
import io.kxm.store.Tx;
import io.kxm.store.ops.OpsEvent;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The one way state changes and their stream events are written: both in one store transaction,
 * then, after the commit, every event published on the live bus. A subscriber therefore never sees
 * an event the store could lose, and an event lost on the bus is found again by replay.
 */
public final class StreamWriter {
  /** The live stream of the operations log, one for every project; numbered like the log. */
  public static final String OPS_STREAM = "ops";

  private final Store store;
  private final LiveBus bus;
  private final HubCounts counts;
  private final Tracer tracer;

  /** A writer whose counted decisions go nowhere: for features that count nothing. */
  public StreamWriter(Store store, LiveBus bus) {
    this(store, bus, new HubCounts());
  }

  /** A writer that adds each committed transaction's counted decisions to {@code counts}. */
  public StreamWriter(Store store, LiveBus bus, HubCounts counts) {
    this(store, bus, counts, Tracing.off().tracer());
  }

  /**
   * As above; a write made inside a traced request (an MCP tool call) gets a span of its own, with
   * the publishing of its events inside it, so the recipients' deliveries join the same trace.
   */
  public StreamWriter(Store store, LiveBus bus, HubCounts counts, Tracer tracer) {
    this.store = store;
    this.bus = bus;
    this.counts = counts;
    this.tracer = tracer;
  }

  /**
   * Runs {@code work} in one write transaction and publishes what it appended once committed.
   * {@code work} follows the rules of {@link Store#write}: store access only through the {@link
   * Tx}, no other side effects, since it may run more than once. When it throws, nothing is written
   * and nothing published.
   */
  public <T> T write(BiFunction<Tx, EventAppender, T> work) {
    if (!Span.current().getSpanContext().isValid()) {
      return writeAndPublish(work); // only requests that are traced get spans below them
    }
    Span span = tracer.spanBuilder("store write").startSpan();
    try (Scope ignored = span.makeCurrent()) {
      return writeAndPublish(work);
    } catch (RuntimeException e) {
      span.setStatus(StatusCode.ERROR, e.getClass().getSimpleName());
      throw e;
    } finally {
      span.end();
    }
  }

  private <T> T writeAndPublish(BiFunction<Tx, EventAppender, T> work) {
    Committed<T> committed =
        store.write(tx -> {
          EventAppender events = new EventAppender(tx);
          T value = work.apply(tx, events);
          return new Committed<>(value, events.appended(), events.opsAppended(), events.counted());
        });
    committed.counted().forEach(count -> counts.increment(count.what(), count.tagValue()));
    publish(committed.events());
    publishOps(committed.ops());
    return committed.value();
  }

  /** Publishes events the store already holds. */
  public void publish(List<StreamEvent> events) {
    for (StreamEvent event : events) {
      bus.publish(AgentStreams.key(event.agentId()), event.seq(), event.envelopeJson());
    }
  }

  /** Publishes entries of the operations log the store already holds. */
  public void publishOps(List<OpsEvent> events) {
    for (OpsEvent event : events) {
      bus.publish(OPS_STREAM, event.seq(), event.envelopeJson());
    }
  }

  /** The tracer of this writer's spans, for the streams that deliver what it publishes. */
  public Tracer tracer() {
    return tracer;
  }

  public Store store() {
    return store;
  }

  public LiveBus bus() {
    return bus;
  }

  /** The hub's counts this writer adds to, for decisions counted outside a transaction. */
  public HubCounts counts() {
    return counts;
  }

  private record Committed<T>(
      T value, List<StreamEvent> events, List<OpsEvent> ops, List<EventAppender.Count> counted) {}
}
