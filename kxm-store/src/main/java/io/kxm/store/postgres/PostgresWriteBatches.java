package io.kxm.store.postgres;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.Dialect;
import io.kxm.store.jdbc.GroupCommitWriter;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.SqlErrors;
import io.kxm.store.jdbc.WriteRequest;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Group commit on PostgreSQL: one transaction, on a connection borrowed from the pool, over every
 * request a writer took. Sends to one recipient then share the row lock of its sequence and one
 * flush of the write-ahead log instead of queueing on the lock one commit at a time.
 *
 * <p>A batch first runs whole, with no savepoint: most batches have no failing request, and a
 * savepoint and its release are two more round trips per request, a quarter of a send's. When a
 * request fails there, the transaction is rolled back and the batch runs again with each request in
 * its own savepoint, so that the failure is that request's alone; requests are rerunnable (the
 * retry below relies on that too), and nothing of the first run was committed.
 *
 * <p>A request that loses a deadlock or a serialization check is rolled back to its savepoint; the
 * requests before it commit at once, so their locks are let go, and it runs again first in a fresh
 * transaction, up to {@value #ATTEMPTS} times, as a lone write would. A request that fails
 * otherwise fails alone. A failure of the transaction itself (a lost connection, a refused commit)
 * fails every request of it that has not been answered, with the store's translated error.
 */
final class PostgresWriteBatches implements GroupCommitWriter.Batches {
  private static final int ATTEMPTS = 3;

  private final DataSource pool;
  private final String name;

  PostgresWriteBatches(DataSource pool, String name) {
    this.pool = pool;
    this.name = name;
  }

  @Override
  public void run(List<WriteRequest<?>> batch) {
    if (!runWhole(batch)) {
      runEachInSavepoint(batch);
    }
  }

  /**
   * Runs the batch in one transaction without savepoints and answers every request. Returns false,
   * with nothing committed and nobody answered, when a request failed.
   */
  private boolean runWhole(List<WriteRequest<?>> batch) {
    try (Connection c = pool.getConnection()) {
      c.setAutoCommit(false);
      Jdbc jdbc = new Jdbc(c, Dialect.POSTGRES, name);
      try {
        for (WriteRequest<?> request : batch) {
          request.run(jdbc);
        }
      } catch (RuntimeException | Error failure) { // the writer must outlive any one request
        rollbackQuietly(c);
        return false;
      }
      try {
        c.commit();
      } catch (SQLException e) {
        rollbackQuietly(c);
        throw e;
      }
    } catch (SQLException e) {
      // The connection or the commit failed: whether it committed is unknown, so nothing runs
      // again and every request gets the store's error, as a lone write would.
      KxmException failed = SqlErrors.translate(e, name, "commit a write");
      batch.forEach(r -> r.failIfPending(failed));
      return true;
    }
    batch.forEach(WriteRequest::complete);
    return true;
  }

  private void runEachInSavepoint(List<WriteRequest<?>> batch) {
    Deque<WriteRequest<?>> todo = new ArrayDeque<>(batch);
    Map<WriteRequest<?>, Integer> attempts = new HashMap<>();
    while (!todo.isEmpty()) {
      List<WriteRequest<?>> done = new ArrayList<>();
      try (Connection c = pool.getConnection()) {
        c.setAutoCommit(false);
        try {
          runUntilRetry(c, todo, done, attempts);
          c.commit();
        } catch (SQLException | RuntimeException e) {
          rollbackQuietly(c);
          throw e;
        }
      } catch (SQLException | RuntimeException e) {
        KxmException failed =
            e instanceof KxmException k
                ? k
                : e instanceof SQLException sql
                    ? SqlErrors.translate(sql, name, "commit a write")
                    : new KxmException(
                        ErrorCode.STORE_UNAVAILABLE,
                        "the store " + name + " could not commit a write: " + e.getMessage(),
                        e);
        done.forEach(r -> r.failIfPending(failed));
        todo.forEach(r -> r.failIfPending(failed));
        return;
      }
      done.forEach(WriteRequest::complete);
    }
  }

  /**
   * Runs requests from the head of {@code todo} until it is empty or one must run again in a new
   * transaction; each that ran (succeeded or failed for good) moves to {@code done}.
   */
  private void runUntilRetry(
      Connection c,
      Deque<WriteRequest<?>> todo,
      List<WriteRequest<?>> done,
      Map<WriteRequest<?>, Integer> attempts)
      throws SQLException {
    Jdbc jdbc = new Jdbc(c, Dialect.POSTGRES, name);
    try (Statement control = c.createStatement()) {
      while (!todo.isEmpty()) {
        WriteRequest<?> request = todo.peek();
        control.execute("SAVEPOINT write");
        try {
          request.run(jdbc);
          control.execute("RELEASE write");
          done.add(todo.poll());
        } catch (RuntimeException | Error failure) { // the writer must outlive any one request
          control.execute("ROLLBACK TO write");
          control.execute("RELEASE write");
          int attempt = attempts.merge(request, 1, Integer::sum);
          if (failure instanceof KxmException k
              && SqlErrors.retryable(k.getCause())
              && attempt < ATTEMPTS) {
            return; // commit what ran, then this one first in a new transaction
          }
          request.fail(failure);
          done.add(todo.poll());
        }
      }
    }
  }

  private static void rollbackQuietly(Connection c) {
    try {
      c.rollback();
    } catch (SQLException e) {
      // the connection is broken; the pool discards it and the first failure is reported
    }
  }
}
