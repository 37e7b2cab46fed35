package io.kxm.session.store;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Reads of the PostgreSQL session store on connections of the pool. Each plain read is one
 * auto-committed statement, which sees everything committed before it; a snapshot read runs in a
 * repeatable-read transaction, whose statements all see the same commit. The pool resets the
 * isolation level when a connection comes back.
 */
final class PooledReads implements ReadSource {
  private final DataSource pool;
  private volatile boolean closed;

  PooledReads(DataSource pool) {
    this.pool = pool;
  }

  @Override
  public <T> T with(Read<T> read) throws SQLException {
    if (closed) {
      throw StoreWriter.closed();
    }
    try (Connection c = pool.getConnection()) {
      return read.run(c);
    }
  }

  @Override
  public <T> T snapshot(Read<T> read) throws SQLException {
    return with(c -> {
      c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      c.setReadOnly(true);
      c.setAutoCommit(false);
      try {
        return read.run(c);
      } finally {
        c.rollback();
      }
    });
  }

  /** Later reads are refused; the pool itself is closed with the database. */
  @Override
  public void close() {
    closed = true;
  }
}
