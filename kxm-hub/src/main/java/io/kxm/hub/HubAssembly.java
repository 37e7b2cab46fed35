package io.kxm.hub;

import io.kxm.hub.metrics.StoreMeters;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import java.time.Clock;
import java.util.Map;

/**
 * The whole hub as the {@code kxm} command runs it: the store chosen by the environment, every
 * feature, and the server. Tests and benchmarks start the product through this one place too.
 */
public final class HubAssembly {
  private HubAssembly() {}

  /**
   * Opens the store (migrating it forward, or refusing a newer one) and starts the hub on it. The
   * store is closed after the server stops, or at once when the start fails.
   */
  public static HubServer start(HubConfig config, Map<String, String> env) {
    Clock clock = Clock.systemUTC();
    Store store = Stores.open(StoreConfig.fromEnvironment(config.project().root(), env), clock);
    try {
      return HubServer.builder(config)
          .clock(clock)
          .readiness(store::checkReady)
          .meterBinder(new StoreMeters(store))
          .closeAfterStop(store)
          .captureLibraryLogs(true)
          .start();
    } catch (RuntimeException e) {
      store.close();
      throw e;
    }
  }
}
