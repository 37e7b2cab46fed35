package io.kxm.hub.metrics;

import io.kxm.hub.sse.OpenStreams;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * One kind of event stream ({@code agent} or {@code ops}): open streams, live events queued for
 * them, and readers cut for falling behind, read at each scrape.
 */
public final class StreamMeters implements MeterBinder {
  private final String stream;
  private final OpenStreams open;

  public StreamMeters(String stream, OpenStreams open) {
    this.stream = stream;
    this.open = open;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Gauge.builder("kxm.streams.open", open, OpenStreams::open)
        .description("Event streams open on this hub node")
        .tag("stream", stream)
        .register(registry);
    Gauge.builder("kxm.streams.queued", open, OpenStreams::queued)
        .description(
            "Live events waiting in open streams' queues, summed; a steady rise means slow readers")
        .tag("stream", stream)
        .register(registry);
    FunctionCounter.builder("kxm.streams.cut", open, OpenStreams::cut)
        .description("Stream readers cut because their queue overflowed (they resume by replay)")
        .tag("stream", stream)
        .register(registry);
  }
}
