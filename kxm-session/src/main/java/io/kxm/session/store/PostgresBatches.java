package io.kxm.session.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Batches on a connection borrowed from the PostgreSQL pool, one per batch, so that a connection
 * the database dropped is replaced by the pool rather than failing every batch after it.
 *
 * <p>Every batch first locks the one row of {@code event_seq} and holds it to its commit. The seq
 * is store-wide and gapless, and commits happen in seq order: a reader resuming with {@code seq >
 * after} can never see a later seq before an earlier one commits (a PostgreSQL sequence would allow
 * both, and leave gaps where a task rolled back). The same lock orders the writers of every handle
 * on the database, in this process or another, so a task decides on rows no one else is changing:
 * one session's writes are serialized and its check for a running run holds across instances.
 */
final class PostgresBatches implements WriteBatches {
  private final DataSource pool;

  PostgresBatches(DataSource pool) {
    this.pool = pool;
  }

  @Override
  public Connection begin(WriteTx tx) throws SQLException {
    Connection c = pool.getConnection();
    try {
      c.setAutoCommit(false);
      try (PreparedStatement s = c.prepareStatement("SELECT last_seq FROM event_seq FOR UPDATE");
          ResultSet rs = s.executeQuery()) {
        if (!rs.next()) {
          throw new SQLException("the session store's event_seq row is missing");
        }
        tx.resetSeq(rs.getLong(1));
      }
      tx.bind(c);
      return c;
    } catch (SQLException | RuntimeException e) {
      rollback(c);
      closeQuietly(c);
      throw e;
    }
  }

  @Override
  public void commit(Connection c, WriteTx tx) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("UPDATE event_seq SET last_seq = ?")) {
      s.setLong(1, tx.lastSeq());
      s.executeUpdate();
    }
    c.commit();
  }

  @Override
  public void rollback(Connection c) {
    try {
      c.rollback();
    } catch (SQLException e) {
      // The connection is broken; the pool discards it and the first failure is reported.
    }
  }

  @Override
  public void end(Connection c, WriteTx tx) {
    tx.closeStatements();
    closeQuietly(c);
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      // Returned to the pool, which checks it before handing it out again.
    }
  }
}
