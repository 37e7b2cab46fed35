package io.kxm.session.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Batches on the SQLite file's one write connection. The writer thread is the file's only writer,
 * so the seq it counts is the file's; {@code BEGIN IMMEDIATE} takes the write lock up front and the
 * transaction is begun and ended here rather than by the driver's auto-commit switch, so that every
 * task's savepoint nests inside it instead of committing on its own.
 */
final class SqliteBatches implements WriteBatches {
  private final Connection connection;

  SqliteBatches(Connection connection) {
    this.connection = connection;
  }

  @Override
  public Connection begin(WriteTx tx) throws SQLException {
    tx.bind(connection);
    execute("BEGIN IMMEDIATE");
    return connection;
  }

  @Override
  public void commit(Connection c, WriteTx tx) throws SQLException {
    execute("COMMIT");
  }

  @Override
  public void rollback(Connection c) {
    try {
      execute("ROLLBACK");
    } catch (SQLException e) {
      // SQLite may have rolled back on its own after an I/O error; the first error is reported.
    }
  }

  @Override
  public void end(Connection c, WriteTx tx) {
    // The connection and its prepared statements stay for the next batch.
  }

  private void execute(String sql) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }
}
