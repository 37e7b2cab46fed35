package io.kxm.hub;

import io.kxm.hub.auth.BearerAuth;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.console.ConsoleSessions;
import io.kxm.hub.guard.BrowserGuard;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.RequestObserver;
import io.kxm.hub.lifecycle.DrainSignal;
import io.kxm.hub.log.HubLog;
import io.kxm.hub.metrics.HubMetrics;
import java.time.Clock;

/** The long-lived pieces one hub is made of, created before Javalin and shared with it. */
record HubParts(
    HubConfig config,
    HubCredentials credentials,
    BearerAuth bearer,
    ConsoleSessions consoles,
    BrowserGuard guard,
    HubLog log,
    HubMetrics metrics,
    RequestObserver observer,
    DrainSignal drain,
    Clock clock) {

  HubContext context(HubRoutes routes) {
    return new HubContext(
        routes,
        config,
        credentials,
        bearer,
        consoles,
        guard,
        observer,
        metrics.registry(),
        log,
        drain,
        clock);
  }
}
