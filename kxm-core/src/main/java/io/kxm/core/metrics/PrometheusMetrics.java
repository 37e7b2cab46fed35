package io.kxm.core.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The one Prometheus registry of a KXM server (the hub, the runtime supervisor): JVM and process
 * meters, whatever binders the server adds, and snapshot gauges refreshed once per scrape ({@link
 * RefreshedAtScrape}). Each server serves {@link #scrape()} at its own {@code GET /metrics}, behind
 * its own credential.
 */
public final class PrometheusMetrics implements AutoCloseable {
  /** Prometheus text exposition format, the one every scraper reads. */
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final PrometheusMeterRegistry registry;
  private final JvmGcMetrics gc;
  private final List<RefreshedAtScrape> refreshed = new CopyOnWriteArrayList<>();
  private final Counter snapshotFailures;

  private PrometheusMetrics(PrometheusMeterRegistry registry, JvmGcMetrics gc) {
    this.registry = registry;
    this.gc = gc;
    this.snapshotFailures =
        Counter.builder("kxm.metrics.snapshot.failures")
            .description(
                "Scrapes that showed a gauge's previous snapshot because taking a new one failed")
            .register(registry);
  }

  public static PrometheusMetrics create(List<MeterBinder> binders) {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    JvmGcMetrics gc = new JvmGcMetrics();
    List.of(
            new ClassLoaderMetrics(),
            new JvmMemoryMetrics(),
            gc,
            new JvmThreadMetrics(),
            new ProcessorMetrics(),
            new UptimeMetrics(),
            new FileDescriptorMetrics())
        .forEach(binder -> binder.bindTo(registry));
    PrometheusMetrics metrics = new PrometheusMetrics(registry, gc);
    binders.forEach(metrics::bind);
    return metrics;
  }

  public MeterRegistry registry() {
    return registry;
  }

  /** Binds more meters, for components created after the registry. */
  public void bind(MeterBinder binder) {
    binder.bindTo(registry);
    if (binder instanceof RefreshedAtScrape each) {
      refreshed.add(each);
    }
  }

  /** The Prometheus text, after each snapshot gauge took its snapshot. */
  public String scrape() {
    for (RefreshedAtScrape each : refreshed) {
      try {
        each.refresh();
      } catch (RuntimeException e) {
        // A store briefly unavailable: the previous snapshot is shown, and this counter says so.
        snapshotFailures.increment();
      }
    }
    return registry.scrape();
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}
