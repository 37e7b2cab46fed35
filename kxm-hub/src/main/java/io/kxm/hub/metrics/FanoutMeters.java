package io.kxm.hub.metrics;

import io.kxm.fanout.LiveBus;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/** Live fan-out: messages heard on Redis that were not a well-formed wake-up, read at scrape. */
public final class FanoutMeters implements MeterBinder {
  private final LiveBus bus;

  public FanoutMeters(LiveBus bus) {
    this.bus = bus;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    FunctionCounter.builder("kxm.fanout.wakeups.dropped", bus, LiveBus::droppedWakeups)
        .description(
            "Messages on this deployment's Redis channels dropped as malformed; more than zero"
                + " means something else publishes there")
        .register(registry);
  }
}
