package io.kxm.hub.metrics;

import io.kxm.store.Store;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/** The store's connection pool and write queue as gauges, read at each scrape. */
public final class StoreMeters implements MeterBinder {
  private final Store store;

  public StoreMeters(Store store) {
    this.store = store;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    String dialect = store.dialect().name().toLowerCase(java.util.Locale.ROOT);
    Gauge.builder("kxm.store.connections", store, s -> s.poolStats().connections())
        .description("Connections the store holds open")
        .tag("dialect", dialect)
        .register(registry);
    Gauge.builder("kxm.store.connections.idle", store, s -> s.poolStats().idle())
        .description("Connections free to take work")
        .tag("dialect", dialect)
        .register(registry);
    Gauge.builder("kxm.store.pending", store, s -> s.poolStats().pending())
        .description("Callers waiting for a connection, or writes queued for the writer")
        .tag("dialect", dialect)
        .register(registry);
    FunctionCounter.builder("kxm.store.commits", store, s -> Math.max(0, s.poolStats().commits()))
        .description("Transactions committed; for SQLite one per group-commit batch")
        .tag("dialect", dialect)
        .register(registry);
  }
}
