package io.kxm.hub.metrics;

import io.kxm.core.metrics.PrometheusMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The hub's meters in Prometheus form ({@link PrometheusMetrics}, shared with the supervisor): JVM
 * and process meters, HTTP requests by route template, method and status, and whatever binders the
 * assembly adds (the store's pool, the hub's counts, presence and workflow gauges).
 */
public final class HubMetrics implements AutoCloseable {
  /** Prometheus text exposition format, the one every scraper reads. */
  public static final String CONTENT_TYPE = PrometheusMetrics.CONTENT_TYPE;

  /** Buckets from 5 ms to 10 s: fast reads and slow writes both land in a useful bucket. */
  private static final Duration[] SLOS = {
    Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
    Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1),
    Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10)
  };

  private final PrometheusMetrics metrics;

  private HubMetrics(PrometheusMetrics metrics) {
    this.metrics = metrics;
  }

  public static HubMetrics create(List<MeterBinder> extraBinders) {
    return new HubMetrics(PrometheusMetrics.create(extraBinders));
  }

  public MeterRegistry registry() {
    return metrics.registry();
  }

  /** Binds more meters after start, for components created later. */
  public void bind(MeterBinder binder) {
    metrics.bind(binder);
  }

  public String scrape() {
    return metrics.scrape();
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
        .register(metrics.registry())
        .record(nanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void close() {
    metrics.close();
  }
}
