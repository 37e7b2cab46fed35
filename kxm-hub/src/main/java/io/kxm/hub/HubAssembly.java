package io.kxm.hub;

import io.kxm.hub.fanout.LiveBus;
import io.kxm.hub.fanout.LiveBuses;
import io.kxm.hub.messaging.MessagingFeature;
import io.kxm.hub.messaging.MessagingSettings;
import io.kxm.hub.metrics.StoreMeters;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import java.time.Clock;
import java.util.Map;

/**
 * The whole hub as the {@code kxm} command runs it: the store chosen by the environment, live
 * fan-out, every feature, and the server. Tests and benchmarks start the product through this one
 * place too.
 */
public final class HubAssembly {
  private HubAssembly() {}

  /**
   * Opens the store (migrating it forward, or refusing a newer one) and starts the hub on it.
   * Everything opened here closes after the server stops, or at once when the start fails.
   */
  public static HubServer start(HubConfig config, Map<String, String> env) {
    // One clock for store, features and server: presence and expiry compare their times.
    Clock clock = Clock.systemUTC();
    Store store = Stores.open(StoreConfig.fromEnvironment(config.project().root(), env), clock);
    LiveBus bus = null;
    MessagingFeature messaging = null;
    try {
      bus = LiveBuses.fromEnvironment(env);
      messaging =
          MessagingFeature.builder(store, bus)
              .clock(clock)
              .settings(MessagingSettings.fromEnvironment(env))
              .build();
      // Closed in this order once the server stopped: sweepers, fan-out, then the store.
      return HubServer.builder(config)
          .clock(clock)
          .readiness(store::checkReady)
          .meterBinder(new StoreMeters(store))
          .feature(messaging)
          .closeAfterStop(messaging)
          .closeAfterStop(bus)
          .closeAfterStop(store)
          .captureLibraryLogs(true)
          .start();
    } catch (RuntimeException e) {
      closeQuietly(messaging);
      closeQuietly(bus);
      store.close();
      throw e;
    }
  }

  private static void closeQuietly(AutoCloseable resource) {
    if (resource == null) {
      return;
    }
    try {
      resource.close();
    } catch (Exception e) {
      // Already failing to start; the original error is the one to report.
    }
  }
}
