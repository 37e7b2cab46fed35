package io.kxm.hub;

import io.kxm.hub.auth.BearerAuth;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.console.ConsoleSessions;
import io.kxm.hub.guard.BrowserGuard;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubFilter;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.RequestObserver;
import io.kxm.hub.lifecycle.DrainSignal;
import io.kxm.hub.log.HubLog;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;

/**
 * What a {@link HubFeature} may use while it installs itself.
 *
 * @param routes where routes and servlets are registered
 * @param config the frozen settings
 * @param credentials the tokens in force (for agent checks)
 * @param bearer turns an {@code Authorization} header into a principal
 * @param consoles the web console's signed-in sessions, which the pipeline accepts as credentials
 * @param guard the browser rules, for filters in front of mounted servlets
 * @param observer writes the log line and metric of a finished request
 * @param meters the registry {@code /metrics} exposes
 * @param log the hub's structured log
 * @param drain completes when the hub starts draining; long streams should end then
 * @param clock the hub's clock
 */
public record HubContext(
    HubRoutes routes,
    HubConfig config,
    HubCredentials credentials,
    BearerAuth bearer,
    ConsoleSessions consoles,
    BrowserGuard guard,
    RequestObserver observer,
    MeterRegistry meters,
    HubLog log,
    DrainSignal drain,
    Clock clock) {

  /**
   * A filter that applies the hub's browser and credential rules to a mounted servlet, for example
   * {@code hub.routes().servlet("/mcp", transport, hub.filter(Access.AUTHENTICATED))}.
   */
  public HubFilter filter(Access access) {
    return new HubFilter(guard, bearer, access, observer, clock);
  }
}
