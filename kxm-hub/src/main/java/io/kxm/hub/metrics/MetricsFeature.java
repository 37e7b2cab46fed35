package io.kxm.hub.metrics;

import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.http.Access;

/** {@code GET /metrics}: Prometheus text, admin token only (it shows traffic per route). */
public final class MetricsFeature implements HubFeature {
  private final HubMetrics metrics;

  public MetricsFeature(HubMetrics metrics) {
    this.metrics = metrics;
  }

  @Override
  public void install(HubContext hub) {
    hub.routes()
        .get(
            "/metrics",
            Access.ADMIN,
            ctx -> ctx.contentType(HubMetrics.CONTENT_TYPE).result(metrics.scrape()));
  }
}
