package io.kxm.session.store;

import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.session.api.SessionStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Opens the session store where the runtime keeps its stores: the schema {@code <prefix>_sessions}
 * of the PostgreSQL database that {@code KXM_RUNTIME_DATABASE_URL} names, or else the SQLite file
 * {@code runtime/sessions.db} (with its runs' signed heads beside it, under {@code signer}).
 */
public final class SessionStores {
  /** The schema suffix of the session store in the runtime's PostgreSQL database. */
  public static final String POSTGRES_STORE = "sessions";

  private SessionStores() {}

  /**
   * @param signer signs the SQLite store's run heads; null for none (PostgreSQL keeps none)
   */
  public static SessionStore open(
      RuntimeDatabase database, Path sessionsDb, Clock clock, Receipts signer) {
    if (database.onPostgres()) {
      return PostgresSessionStore.open(
          database.schemaFor(POSTGRES_STORE), database.poolSize(), clock);
    }
    return SqliteSessionStore.open(sessionsDb, clock, signer);
  }

  /**
   * Whether there is a store to open without creating one: always on PostgreSQL, where the schema
   * is the runtime's; on SQLite only once the file exists.
   */
  public static boolean exists(RuntimeDatabase database, Path sessionsDb) {
    return database.onPostgres() || Files.isRegularFile(sessionsDb, LinkOption.NOFOLLOW_LINKS);
  }
}
