package io.kxm.store.postgres;

import io.kxm.store.Dialect;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.SqlErrors;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import javax.sql.DataSource;

/**
 * Copies every table of the store's schema into a new schema named after the old version, such as
 * {@code kxm_backup_v1}, in one transaction, before a migration. The copy holds the data only;
 * restoring means renaming schemas, which a database administrator does by hand.
 */
final class PostgresBackup {
  private PostgresBackup() {}

  static String copy(DataSource source, String schema, String version, String store, Clock clock) {
    try (Connection connection = source.getConnection()) {
      connection.setAutoCommit(false);
      Jdbc jdbc = new Jdbc(connection, Dialect.POSTGRES, store).about("back up schema " + schema);
      String target = freeName(jdbc, schema + "_backup_v" + version.replace('.', '_'), clock);
      List<String> tables =
          jdbc.list(
              "SELECT table_name FROM information_schema.tables"
                  + " WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY table_name",
              row -> row.string("table_name"),
              schema);
      jdbc.update("CREATE SCHEMA " + quote(target));
      for (String table : tables) {
        jdbc.update(
            "CREATE TABLE "
                + quote(target)
                + "."
                + quote(table)
                + " AS TABLE "
                + quote(schema)
                + "."
                + quote(table));
      }
      connection.commit();
      return target;
    } catch (SQLException e) {
      throw SqlErrors.translate(e, store, "back up schema " + schema);
    }
  }

  /** Never reuses a schema: an earlier backup of the same version may be the only good copy. */
  private static String freeName(Jdbc jdbc, String wanted, Clock clock) {
    boolean taken =
        jdbc.first(
                "SELECT nspname FROM pg_namespace WHERE nspname = ?",
                row -> row.stringAt(1),
                wanted)
            .isPresent();
    return taken ? wanted + "_" + clock.millis() : wanted;
  }

  private static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }
}
