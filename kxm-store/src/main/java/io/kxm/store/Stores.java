package io.kxm.store;

import io.kxm.store.postgres.PostgresStore;
import io.kxm.store.sqlite.SqliteStore;
import java.time.Clock;

/** Opens the store a configuration names. */
public final class Stores {
  private Stores() {}

  /**
   * Opens, checks and migrates the store: a SQLite file or a PostgreSQL database.
   *
   * @throws io.kxm.core.error.KxmException {@code STORE_SCHEMA_NEWER} when newer code wrote it,
   *     {@code STORE_CORRUPT}, {@code STORE_SYMLINK_REFUSED} or {@code STORE_PATH_UNUSABLE} for a
   *     bad SQLite file, {@code STORE_UNAVAILABLE} when PostgreSQL does not answer, {@code
   *     STORE_MIGRATION_FAILED} when migrating forward failed (the message names the backup)
   */
  public static Store open(StoreConfig config, Clock clock) {
    return switch (config.dialect()) {
      case SQLITE -> SqliteStore.open(config, clock);
      case POSTGRES -> PostgresStore.open(config, clock);
    };
  }
}
