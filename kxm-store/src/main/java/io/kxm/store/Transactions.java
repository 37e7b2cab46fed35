package io.kxm.store;

import java.util.function.Function;

/** Runs work against the store in one transaction. */
public interface Transactions {

  /**
   * Runs {@code work} in one write transaction and returns its result once that transaction has
   * committed. Everything {@code work} does through the {@link Tx} commits together or not at all.
   * On SQLite, concurrent calls share one commit (group commit); a call that throws is rolled back
   * alone and does not disturb the others.
   *
   * <p>{@code work} must only touch the store through {@code tx} and must not call {@code write}
   * again: it may run on another thread, and on PostgreSQL it may run again after a deadlock.
   */
  <T> T write(Function<Tx, T> work);

  /** Runs {@code work} against one consistent, read-only snapshot. */
  <T> T read(Function<Tx, T> work);
}
