package io.kxm.hub;

import io.javalin.Javalin;
import io.kxm.core.net.Loopback;
import io.kxm.hub.auth.AdminTokenSource;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.lifecycle.ShutdownTriggers;
import io.kxm.hub.log.HubLog;
import io.kxm.hub.log.LibraryLogCapture;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;

/**
 * A running hub. Start one with {@code HubServer.builder(config)…start()} or {@link
 * #start(HubConfig)}; stop it with {@link #stop()}, which drains: the listening socket closes,
 * running requests get the grace period to finish, then the resources given to {@link
 * HubServerBuilder#closeAfterStop} close.
 *
 * <p>A foreground process calls {@link #installSignalHandlers()} and then {@link #awaitStop()}, and
 * exits with 0 when that returns true.
 */
public final class HubServer implements AutoCloseable {
  private final HubParts parts;
  private final Javalin app;
  private final int port;
  private final AdminTokenSource adminSource;
  private final LibraryLogCapture capture;
  private final List<AutoCloseable> resources;
  private final Stopper stopper;

  HubServer(
      HubParts parts,
      Javalin app,
      int port,
      AdminTokenSource adminSource,
      LibraryLogCapture capture,
      List<AutoCloseable> resources) {
    this.parts = parts;
    this.app = app;
    this.port = port;
    this.adminSource = adminSource;
    this.capture = capture;
    this.resources = List.copyOf(resources);
    this.stopper = new Stopper(this::shutDown);
  }

  public static HubServerBuilder builder(HubConfig config) {
    return new HubServerBuilder(config);
  }

  /** Starts a hub with the built-in routes only and a readiness that always passes. */
  public static HubServer start(HubConfig config) {
    return builder(config).start();
  }

  /** The bound port; known even while draining, when Jetty no longer reports it. */
  public int port() {
    return port;
  }

  /** Where clients reach this hub, for example {@code http://127.0.0.1:7331}. */
  public String baseUrl() {
    String host = parts.config().host();
    boolean wildcard = host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
    return "http://" + (wildcard ? "127.0.0.1" : Loopback.hostHeaderForm(host)) + ":" + port();
  }

  public HubConfig config() {
    return parts.config();
  }

  public HubCredentials credentials() {
    return parts.credentials();
  }

  /** Where the admin token in force came from; {@code GENERATED} on a first start. */
  public AdminTokenSource adminTokenSource() {
    return adminSource;
  }

  public MeterRegistry meters() {
    return parts.metrics().registry();
  }

  public HubLog log() {
    return parts.log();
  }

  public boolean isDraining() {
    return parts.drain().isDraining();
  }

  /**
   * Drains and stops; idempotent and safe from any thread except a request handler of this hub.
   * Blocks until done.
   *
   * @return true when every running request finished in time and every resource closed
   */
  public boolean stop() {
    return stopper.stop();
  }

  /** Same as {@link #stop()}. */
  @Override
  public void close() {
    stop();
  }

  /** Blocks until the hub has stopped, by {@link #stop()} or by a signal. */
  public boolean awaitStop() throws InterruptedException {
    return stopper.await();
  }

  /**
   * Makes SIGTERM and SIGINT drain the hub (then {@link #awaitStop()} returns) instead of killing
   * the JVM, and stops the hub too when the JVM exits for another reason.
   */
  public void installSignalHandlers() {
    stopper.attach(ShutdownTriggers.install(this::stop));
  }

  private boolean shutDown() {
    HubLog log = parts.log();
    long started = System.nanoTime();
    log.event("info", "hub.draining", Map.of("graceMs", parts.config().shutdownGrace().toMillis()));
    boolean clean = true;
    try {
      app.stop();
    } catch (RuntimeException e) {
      clean = false;
      log.error("hub.stop", null, "requests still ran when the grace period ended", e);
    }
    parts.metrics().close();
    for (AutoCloseable resource : resources) {
      try {
        resource.close();
      } catch (Exception e) {
        clean = false;
        log.error(
            "hub.close_failed", null, "closing " + resource.getClass().getName() + " failed", e);
      }
    }
    log.event(
        "info",
        "hub.stopped",
        Map.of("ms", (System.nanoTime() - started) / 1_000_000, "clean", clean));
    if (capture != null) {
      capture.close();
    }
    log.close();
    return clean;
  }
}
