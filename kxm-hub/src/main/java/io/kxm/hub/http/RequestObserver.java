package io.kxm.hub.http;

import io.kxm.core.error.ErrorCode;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.log.HubLog;
import io.kxm.hub.log.RequestRecord;
import io.kxm.hub.metrics.HubMetrics;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Writes the log line and the metric for each finished request, from Javalin or a filter. */
public final class RequestObserver {
  /** The route label of requests that matched no route: one series, whatever the path. */
  public static final String UNMATCHED = "unmatched";

  private final HubLog log;
  private final HubMetrics metrics;
  private final List<RefusalListener> refusals = new CopyOnWriteArrayList<>();

  public RequestObserver(HubLog log, HubMetrics metrics) {
    this.log = log;
    this.metrics = metrics;
  }

  public void finished(
      String requestId, String method, String route, int status, long nanos, String principal) {
    metrics.recordRequest(method, route, status, nanos);
    log.request(new RequestRecord(requestId, method, route, status, nanos / 1e6, principal));
  }

  /** Tells {@code listener} of every request answered with a server error or an auth refusal. */
  public void onRefusal(RefusalListener listener) {
    refusals.add(listener);
  }

  /** A request ended with {@code code}: listeners hear of 5xx answers and 401/403 refusals. */
  void refused(String method, String route, ErrorCode code, Principal principal) {
    int status = ErrorEnvelope.status(code);
    if (status < 500 && status != 401 && status != 403) {
      return;
    }
    for (RefusalListener listener : refusals) {
      listener.refused(method, route, status, code, principal);
    }
  }

  /**
   * Hears of refused requests: the route template (never the path with its ids), the code, and who
   * asked ({@code null} when no credential was accepted). Runs on the request thread after the
   * answer went out, so it must be quick and must not throw.
   */
  @FunctionalInterface
  public interface RefusalListener {
    void refused(String method, String route, int status, ErrorCode code, Principal principal);
  }
}
