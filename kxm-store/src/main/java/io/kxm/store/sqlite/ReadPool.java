package io.kxm.store.sqlite;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.Dialect;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.StatementCache;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A few read-only connections. In WAL mode readers never wait for the writer, and each read runs in
 * its own transaction so all its statements see one snapshot. A slot whose connection failed is
 * reopened by its next user, so the pool never shrinks.
 */
final class ReadPool implements AutoCloseable {
  private static final long WAIT_SECONDS = 5;

  private final BlockingQueue<Slot> idle;
  private final Supplier<Connection> opener;
  private final String store;
  private final int size;
  private volatile boolean closed;

  /** As many as the read paths' distinct statements, so a busy hub re-prepares none. */
  private static final int CACHED_STATEMENTS = 64;

  /**
   * A connection and its prepared statements. Preparing each read's statements anew was a tenth of
   * the hub's time per request, since every request reads its agent by id; a slot is used by one
   * thread at a time, which is what a statement cache needs.
   */
  private static final class Slot {
    Connection connection;
    StatementCache statements;

    void open(Supplier<Connection> opener) {
      connection = opener.get();
      statements = new StatementCache(connection, CACHED_STATEMENTS);
    }

    void close() {
      statements.close();
      closeQuietly(connection);
      connection = null;
      statements = null;
    }
  }

  ReadPool(Supplier<Connection> opener, int size, String store) {
    this.idle = new ArrayBlockingQueue<>(size);
    this.opener = opener;
    this.store = store;
    this.size = size;
    for (int i = 0; i < size; i++) {
      Slot slot = new Slot();
      slot.open(opener); // fail at open, not at the first read
      idle.add(slot);
    }
  }

  int size() {
    return size;
  }

  int idleCount() {
    return idle.size();
  }

  <T> T read(Function<Jdbc, T> work) {
    Slot slot = borrow();
    boolean healthy = false;
    try {
      if (slot.connection == null) {
        slot.open(opener);
      }
      Jdbc jdbc = new Jdbc(slot.connection, Dialect.SQLITE, store, slot.statements);
      jdbc.about("read (begin)").update("BEGIN");
      T result = work.apply(jdbc);
      jdbc.about("read (commit)").update("COMMIT");
      healthy = true;
      return result;
    } finally {
      if (!healthy && slot.connection != null) {
        // its transaction may still be open; a fresh connection is cheaper than doubt
        slot.close();
      }
      giveBack(slot);
    }
  }

  private Slot borrow() {
    if (closed) {
      throw new KxmException(ErrorCode.STORE_UNAVAILABLE, "the store " + store + " is closed");
    }
    try {
      Slot slot = idle.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      if (slot == null) {
        throw new KxmException(
            ErrorCode.STORE_UNAVAILABLE,
            "all " + size + " readers of " + store + " stayed busy for " + WAIT_SECONDS + " s");
      }
      return slot;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KxmException(
          ErrorCode.STORE_UNAVAILABLE, "interrupted waiting for a reader of " + store);
    }
  }

  private void giveBack(Slot slot) {
    if (!closed) {
      idle.add(slot);
    } else if (slot.connection != null) {
      slot.close();
    }
  }

  /** Closes idle connections now; busy ones close when their read ends. */
  @Override
  public void close() {
    closed = true;
    for (Slot slot = idle.poll(); slot != null; slot = idle.poll()) {
      if (slot.connection != null) {
        slot.close();
      }
    }
  }

  private static void closeQuietly(Connection connection) {
    try {
      connection.close();
    } catch (SQLException e) {
      // closing after a failure; the failure is what the caller hears about
    }
  }
}
