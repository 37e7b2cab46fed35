package io.kxm.session.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.sqlite.SqliteDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A few read connections to the store file. Several streams replay history at once, and each read
 * in WAL mode works on its own snapshot, so readers neither wait for the writer nor for each other
 * until all connections are busy.
 */
final class ReadConnections implements ReadSource {
  private final BlockingQueue<Connection> idle;
  private boolean closed;

  ReadConnections(Path file, int size) {
    idle = new ArrayBlockingQueue<>(size);
    SqliteDatabase database = SessionSchema.database(file);
    try {
      for (int i = 0; i < size; i++) {
        idle.add(database.writer());
      }
    } catch (RuntimeException e) {
      idle.forEach(SqliteDatabase::closeQuietly);
      throw e;
    }
  }

  @Override
  public <T> T with(Read<T> read) throws SQLException {
    Connection c;
    try {
      c = idle.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KxmException(
          ErrorCode.RUNTIME_STORE_FAILED, "interrupted while waiting to read the session store");
    }
    try {
      if (isClosed()) {
        throw StoreWriter.closed();
      }
      return read.run(c);
    } finally {
      giveBack(c);
    }
  }

  /** A read transaction: in WAL mode it keeps the snapshot of its first statement. */
  @Override
  public <T> T snapshot(Read<T> read) throws SQLException {
    return with(c -> {
      c.setAutoCommit(false);
      try {
        return read.run(c);
      } finally {
        c.commit();
        c.setAutoCommit(true);
      }
    });
  }

  /**
   * Closes the idle connections now and each busy one when its read ends. The closed connections
   * stay in the queue as tokens, so that readers still waiting wake up and see the store closed.
   */
  @Override
  public synchronized void close() {
    closed = true;
    List<Connection> free = new ArrayList<>();
    idle.drainTo(free);
    free.forEach(SqliteDatabase::closeQuietly);
    idle.addAll(free);
  }

  private synchronized boolean isClosed() {
    return closed;
  }

  private synchronized void giveBack(Connection c) {
    if (closed) {
      SqliteDatabase.closeQuietly(c);
    }
    idle.add(c);
  }
}
