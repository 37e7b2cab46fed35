package io.kxm.hub;

import io.kxm.store.Store;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Collects what a hub runs with; {@link #start()} freezes it. Obtain one from {@link
 * HubServer#builder(HubConfig)}.
 */
public final class HubServerBuilder {
  final HubConfig config;
  Readiness readiness = Readiness.always();
  final List<HubFeature> features = new ArrayList<>();
  final List<MeterBinder> meterBinders = new ArrayList<>();
  final List<AutoCloseable> closeAfterStop = new ArrayList<>();
  Clock clock = Clock.systemUTC();
  boolean captureLibraryLogs;
  Store tokenStore;

  HubServerBuilder(HubConfig config) {
    this.config = Objects.requireNonNull(config, "config");
  }

  /** What {@code GET /ready} checks; the integrator passes {@code store::checkReady}. */
  public HubServerBuilder readiness(Readiness check) {
    this.readiness = Objects.requireNonNull(check, "check");
    return this;
  }

  /** Adds a feature; features install in the order added, after the built-in routes. */
  public HubServerBuilder feature(HubFeature feature) {
    features.add(Objects.requireNonNull(feature, "feature"));
    return this;
  }

  /** Adds meters to {@code /metrics}, for example the store's connection pool. */
  public HubServerBuilder meterBinder(MeterBinder binder) {
    meterBinders.add(Objects.requireNonNull(binder, "binder"));
    return this;
  }

  /**
   * A resource to close once the server has stopped and no request runs any more (the store).
   * Resources close in the order added.
   */
  public HubServerBuilder closeAfterStop(AutoCloseable resource) {
    closeAfterStop.add(Objects.requireNonNull(resource, "resource"));
    return this;
  }

  public HubServerBuilder clock(Clock value) {
    this.clock = Objects.requireNonNull(value, "clock");
    return this;
  }

  /**
   * Keeps the hub's tokens in {@code store}'s token table, shared by every node on it, and adds the
   * admin routes that rotate and revoke them. Without it tokens come from hub-env.json and the
   * environment alone.
   */
  public HubServerBuilder tokenStore(Store store) {
    this.tokenStore = Objects.requireNonNull(store, "store");
    return this;
  }

  /**
   * Routes what libraries log through SLF4J (Jetty, Javalin) into the hub log and off the console
   * while the hub runs. For a foreground {@code kxm hub start}; tests leave it off.
   */
  public HubServerBuilder captureLibraryLogs(boolean capture) {
    this.captureLibraryLogs = capture;
    return this;
  }

  /**
   * Checks the bind rule, creates the admin token on first start, binds and serves.
   *
   * @throws io.kxm.core.error.KxmException {@code bind_requires_admin_token}, {@code port_in_use},
   *     {@code state_dir_unusable} or {@code config_invalid}
   */
  public HubServer start() {
    return HubLauncher.launch(this);
  }
}
