package io.kxm.store.workflow;

import io.kxm.store.Dialect;
import io.kxm.store.Transactions;
import io.kxm.store.Tx;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.SqlTx;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Transactions over plain JDBC connections to a store that {@code Stores.open} migrated. Until
 * {@code Tx} hands out the workflow ports, tests reach them here: each transaction makes a {@link
 * SqlTx} for the existing ports and exposes its {@link Jdbc} for the workflow ones, exactly as
 * {@code SqlTx} will once the ports join it.
 */
final class JdbcHarness implements Transactions {
  /** Opens a connection with the dialect's settings. */
  interface Connector {
    Connection open() throws SQLException;
  }

  private final Connector connector;
  private final Dialect dialect;
  private final Clock clock;
  private final ThreadLocal<Jdbc> current = new ThreadLocal<>();
  // SQLite has one writer; taking turns here spares the tests busy timeouts
  private final ReentrantLock sqliteTurn = new ReentrantLock();

  JdbcHarness(Connector connector, Dialect dialect, Clock clock) {
    this.connector = connector;
    this.dialect = dialect;
    this.clock = clock;
  }

  /** The calling thread's transaction, for raw reads in assertions. */
  Jdbc jdbc() {
    return current.get();
  }

  /** The run store bound to the calling thread's transaction. */
  WorkflowRunStore runs(Tx tx) {
    return new SqlWorkflowRunStore(current.get());
  }

  /** The journal store bound to the calling thread's transaction. */
  WorkflowJournalStore journal(Tx tx) {
    return new SqlWorkflowJournalStore(current.get());
  }

  @Override
  public <T> T write(Function<Tx, T> work) {
    return inTransaction(work);
  }

  @Override
  public <T> T read(Function<Tx, T> work) {
    return inTransaction(work);
  }

  private <T> T inTransaction(Function<Tx, T> work) {
    boolean serial = dialect == Dialect.SQLITE;
    if (serial) {
      sqliteTurn.lock();
    }
    try (Connection connection = connector.open()) {
      connection.setAutoCommit(false);
      Jdbc jdbc = new Jdbc(connection, dialect, "test " + dialect.name().toLowerCase());
      current.set(jdbc);
      try {
        T result = work.apply(new SqlTx(jdbc, clock));
        connection.commit();
        return result;
      } catch (RuntimeException | Error e) {
        connection.rollback();
        throw e;
      } finally {
        current.remove();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("test connection failed", e);
    } finally {
      if (serial) {
        sqliteTurn.unlock();
      }
    }
  }
}
