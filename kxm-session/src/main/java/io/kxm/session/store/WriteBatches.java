package io.kxm.session.store;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * How the writer's transaction for one batch begins and ends on a backend: the writer runs the
 * batch's tasks between {@link #begin} and {@link #commit}, each under a savepoint of its own.
 */
interface WriteBatches {
  /**
   * Opens the batch's transaction and binds its connection to {@code tx}; where another process may
   * have written meanwhile, {@code tx} also learns the last seq given.
   */
  Connection begin(WriteTx tx) throws SQLException;

  /** Commits the batch, with {@code tx.lastSeq()} as the last seq given. */
  void commit(Connection c, WriteTx tx) throws SQLException;

  /** Rolls back a failed batch; the first failure is the one reported. */
  void rollback(Connection c);

  /** After the batch, committed or not. */
  void end(Connection c, WriteTx tx);
}
