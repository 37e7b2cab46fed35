package io.kxm.hub.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
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
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hub's meters in Prometheus form: JVM and process meters, HTTP requests by route template,
 * method and status, and whatever binders the integrator adds (the store's connection pool).
 */
public final class HubMetrics implements AutoCloseable {
  /** Prometheus text exposition format, the one every scraper reads. */
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  /** Buckets from 5 ms to 10 s: fast reads and slow writes both land in a useful bucket. */
  private static final Duration[] SLOS = {
    Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
    Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1),
    Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10)
  };

  private static final Logger LOG = LoggerFactory.getLogger(HubMetrics.class);

  private final PrometheusMeterRegistry registry;
  private final JvmGcMetrics gc;
  private final List<RefreshedAtScrape> refreshed = new CopyOnWriteArrayList<>();

  private HubMetrics(PrometheusMeterRegistry registry, JvmGcMetrics gc) {
    this.registry = registry;
    this.gc = gc;
  }

  public static HubMetrics create(List<MeterBinder> extraBinders) {
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
    HubMetrics metrics = new HubMetrics(registry, gc);
    extraBinders.forEach(metrics::bind);
    return metrics;
  }

  public MeterRegistry registry() {
    return registry;
  }

  /** Binds more meters after start, for components created later. */
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
        // The store may be briefly unavailable; show the last snapshot rather than no metrics.
        LOG.warn("a metrics snapshot failed; showing the previous one: {}", e.toString());
      }
    }
    return registry.scrape();
  }

  /**
   * Counts one finished request. {@code route} must be a template or {@code unmatched}, never a raw
   * path, or every id would become its own time series.
   */
  public void recordRequest(String method, String route, int status, long nanos) {
    Timer.builder("http.server.requests")
        .description("HTTP requests answered by the hub")
        .tag("method", method)
        .tag("route", route)
        .tag("status", String.valueOf(status))
        .serviceLevelObjectives(SLOS)
        .register(registry)
        .record(nanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}
