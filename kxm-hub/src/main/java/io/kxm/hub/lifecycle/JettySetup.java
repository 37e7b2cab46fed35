package io.kxm.hub.lifecycle;

import java.time.Clock;
import java.time.Duration;
import org.eclipse.jetty.server.AbstractConnector;
import org.eclipse.jetty.server.Server;

/** Fits the hub's stop and error behaviour into the Jetty server Javalin builds. */
public final class JettySetup {
  private JettySetup() {}

  /**
   * Puts the drain handler in front of everything and gives Jetty the grace period, so {@code
   * Server.stop()} first closes the listening socket, then waits for running requests.
   */
  public static void apply(Server server, Duration grace, DrainSignal signal, Clock clock) {
    server.insertHandler(new DrainHandler(signal, clock));
    server.setStopTimeout(grace.toMillis());
    server.setErrorHandler(new JsonErrorHandler());
  }

  /**
   * Closes idle keep-alive connections quickly once draining starts: Jetty waits for every
   * connection to close, and idle ones would otherwise hold the stop for a second. Requests in
   * progress are not cut by this timeout.
   */
  public static void afterStart(Server server) {
    for (var connector : server.getConnectors()) {
      if (connector instanceof AbstractConnector c) {
        c.setShutdownIdleTimeout(SHUTDOWN_IDLE_MILLIS);
      }
    }
  }

  private static final long SHUTDOWN_IDLE_MILLIS = 200;
}
