package io.kxm.hub.messaging;

import io.kxm.core.trace.Tracing;
import io.kxm.fanout.LiveBus;
import io.kxm.hub.metrics.HubCounts;
import io.kxm.store.Store;
import io.opentelemetry.api.trace.Tracer;
import java.time.Clock;
import java.util.Objects;

/** Collects what a {@link MessagingFeature} runs with; {@link #build()} freezes it. */
public final class MessagingFeatureBuilder {
  private final Store store;
  private final LiveBus bus;
  private Clock clock = Clock.systemUTC();
  private MessagingSettings settings = MessagingSettings.defaults();
  private MessageHooks hooks = MessageHooks.NONE;
  private HubCounts counts = new HubCounts();
  private Tracer tracer = Tracing.off().tracer();

  MessagingFeatureBuilder(Store store, LiveBus bus) {
    this.store = Objects.requireNonNull(store, "store");
    this.bus = Objects.requireNonNull(bus, "bus");
  }

  /** The hub's clock; the store must have been opened with the same one. */
  public MessagingFeatureBuilder clock(Clock value) {
    this.clock = Objects.requireNonNull(value, "clock");
    return this;
  }

  public MessagingFeatureBuilder settings(MessagingSettings value) {
    this.settings = Objects.requireNonNull(value, "settings");
    return this;
  }

  /** What another feature (workflows) does at a request's send, reply and expiry. */
  public MessagingFeatureBuilder hooks(MessageHooks value) {
    this.hooks = Objects.requireNonNull(value, "hooks");
    return this;
  }

  /** The hub's shared counts, where sends, replies, expiries and refusals are counted. */
  public MessagingFeatureBuilder counts(HubCounts value) {
    this.counts = Objects.requireNonNull(value, "counts");
    return this;
  }

  /** Traces sends made inside a traced request down to the recipients' streams. */
  public MessagingFeatureBuilder tracer(Tracer value) {
    this.tracer = Objects.requireNonNull(value, "tracer");
    return this;
  }

  public MessagingFeature build() {
    return new MessagingFeature(store, bus, clock, settings, hooks, counts, tracer);
  }
}
