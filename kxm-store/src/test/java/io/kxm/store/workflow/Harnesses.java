package io.kxm.store.workflow;

import io.kxm.store.Backends;
import io.kxm.store.Dialect;
import io.kxm.testkit.PostgresSchema;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Clock;
import org.sqlite.SQLiteConfig;

/** Migrates a store on each backend, then opens a {@link JdbcHarness} over it. */
final class Harnesses {
  private Harnesses() {}

  static JdbcHarness sqlite(Path folder, Clock clock) {
    Backends.sqlite(folder, clock).close();
    String url = "jdbc:sqlite:" + folder.resolve("kxm.db");
    SQLiteConfig config = new SQLiteConfig();
    config.enforceForeignKeys(true);
    config.setBusyTimeout(5_000);
    return new JdbcHarness(() -> config.createConnection(url), Dialect.SQLITE, clock);
  }

  static JdbcHarness postgres(PostgresSchema schema, Clock clock) {
    Backends.postgres(schema, clock).close();
    String url = schema.jdbcUrl() + "&currentSchema=" + schema.name();
    return new JdbcHarness(() -> DriverManager.getConnection(url), Dialect.POSTGRES, clock);
  }
}
