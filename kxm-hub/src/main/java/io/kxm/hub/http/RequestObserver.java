package io.kxm.hub.http;

import io.kxm.hub.log.HubLog;
import io.kxm.hub.log.RequestRecord;
import io.kxm.hub.metrics.HubMetrics;

/** Writes the log line and the metric for each finished request, from Javalin or a filter. */
public final class RequestObserver {
  /** The route label of requests that matched no route: one series, whatever the path. */
  public static final String UNMATCHED = "unmatched";

  private final HubLog log;
  private final HubMetrics metrics;

  public RequestObserver(HubLog log, HubMetrics metrics) {
    this.log = log;
    this.metrics = metrics;
  }

  public void finished(
      String requestId, String method, String route, int status, long nanos, String principal) {
    metrics.recordRequest(method, route, status, nanos);
    log.request(new RequestRecord(requestId, method, route, status, nanos / 1e6, principal));
  }
}
