package io.kxm.store.sqlite;

import io.kxm.store.Dialect;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.SqlErrors;
import io.kxm.store.jdbc.StatementCache;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * The writer's connection, driven by explicit {@code BEGIN IMMEDIATE … COMMIT}. The JDBC connection
 * stays in auto-commit mode on purpose: the driver would otherwise open the next transaction right
 * after each commit and hold SQLite's write lock while the writer is idle.
 */
final class WriterConnection implements AutoCloseable {
  private final Connection connection;

  /** More than the distinct statements of every write path together, so none is re-prepared. */
  private static final int CACHED_STATEMENTS = 128;

  private final Jdbc jdbc;
  private final StatementCache statements;
  private final String store;

  WriterConnection(Connection connection, String store) {
    this.connection = connection;
    // Only the writer thread uses this connection, so its statements can stay prepared.
    this.statements = new StatementCache(connection, CACHED_STATEMENTS);
    this.jdbc = new Jdbc(connection, Dialect.SQLITE, store, statements);
    this.store = store;
  }

  Jdbc jdbc() {
    return jdbc;
  }

  /** Runs a transaction-control statement; a failure leaves as a translated store error. */
  void execute(String sql) {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw SqlErrors.translate(e, store, sql.toLowerCase(Locale.ROOT));
    }
  }

  void rollbackQuietly() {
    try (Statement statement = connection.createStatement()) {
      statement.execute("ROLLBACK");
    } catch (SQLException e) {
      // SQLite already rolled back when the failure ended the transaction.
    }
  }

  @Override
  public void close() {
    statements.close();
    try {
      connection.close();
    } catch (SQLException e) {
      // nothing left to protect: every request has been answered
    }
  }
}
