package io.kxm.hub.metrics;

import io.kxm.core.agent.Agent;
import io.kxm.core.metrics.RefreshedAtScrape;
import io.kxm.core.peer.Presence;
import io.kxm.hub.agents.Presences;
import io.kxm.store.Store;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;

/**
 * Registered agents by presence ({@code online}, {@code stale}, {@code offline}), by the hub's
 * clock, counted in one pass over the store's agents at each scrape. Retired agents are gone from
 * the store and not counted.
 */
public final class PresenceMeters implements MeterBinder, RefreshedAtScrape {
  private final Store store;
  private final Presences presences;
  private final Clock clock;
  private volatile Map<Presence, Long> counts = new EnumMap<>(Presence.class);

  public PresenceMeters(Store store, Presences presences, Clock clock) {
    this.store = store;
    this.presences = presences;
    this.clock = clock;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    for (Presence presence : Presence.values()) {
      Gauge.builder("kxm.agents", this, self -> self.counts.getOrDefault(presence, 0L))
          .description("Registered agents by presence")
          .tag("presence", presence.wire())
          .register(registry);
    }
  }

  @Override
  public void refresh() {
    Instant now = clock.instant();
    Map<Presence, Long> next = new EnumMap<>(Presence.class);
    for (String project : store.agents().projects()) {
      for (Agent agent : store.agents().listByProject(project)) {
        next.merge(presences.of(agent, now), 1L, Long::sum);
      }
    }
    counts = next;
  }
}
