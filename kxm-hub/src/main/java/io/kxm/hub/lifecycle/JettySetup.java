package io.kxm.hub.lifecycle;

import java.time.Clock;
import java.time.Duration;
import org.eclipse.jetty.server.AbstractConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.component.LifeCycle;

/** Fits the hub's stop and error behaviour into the Jetty server Javalin builds. */
public final class JettySetup {
  /**
   * Connections the kernel may hold for the hub before it accepts them. When the hub restarts,
   * every agent's stream and every waiting client connects again within a few milliseconds; with
   * the JDK's default of 50, the kernel drops the SYNs beyond it and each of those clients waits
   * out TCP's one-second retransmission (three seconds the second time). The kernel caps the value
   * at {@code net.core.somaxconn} (4,096 on current Linux).
   */
  public static final int ACCEPT_QUEUE = 1024;

  private JettySetup() {}

  /**
   * Puts the drain handler in front of everything and gives Jetty the grace period, so {@code
   * Server.stop()} first closes the listening socket, then waits for running requests.
   */
  public static void apply(Server server, Duration grace, DrainSignal signal, Clock clock) {
    server.insertHandler(new DrainHandler(signal, clock));
    server.setStopTimeout(grace.toMillis());
    server.setErrorHandler(new JsonErrorHandler());
    // Javalin adds its connector after this runs and opens it when the server starts: the
    // starting event comes between the two.
    server.addEventListener(
        new LifeCycle.Listener() {
          @Override
          public void lifeCycleStarting(LifeCycle event) {
            for (Connector connector : server.getConnectors()) {
              if (connector instanceof ServerConnector c) {
                c.setAcceptQueueSize(ACCEPT_QUEUE);
              }
            }
          }
        });
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
