package io.kxm.store;

import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Path;
import java.time.Clock;

/** Opens a store on each backend the contract suites run against. */
public final class Backends {
  private Backends() {}

  public static Store sqlite(Path folder, Clock clock) {
    return Stores.open(StoreConfig.sqlite(folder.resolve("kxm.db")), clock);
  }

  public static StoreConfig postgresConfig(PostgresSchema schema) {
    return StoreConfig.postgres(
        new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, schema.name()));
  }

  public static Store postgres(PostgresSchema schema, Clock clock) {
    return Stores.open(postgresConfig(schema).withPoolSize(4), clock);
  }
}
