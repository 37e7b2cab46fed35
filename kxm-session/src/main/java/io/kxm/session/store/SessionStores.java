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
   * Opens the PostgreSQL session store for one of several runtime instances sharing it (see {@link
   * PostgresSessionStore#openShared}).
   *
   * @throws IllegalArgumentException when {@code database} is not PostgreSQL: an embedded store has
   *     nobody to share with
   */
  public static SessionStore openShared(
      RuntimeDatabase database, Clock clock, PostgresSessionStore.SharedInstance instance) {
    if (!database.onPostgres()) {
      throw new IllegalArgumentException("only a PostgreSQL session store can be shared");
    }
    return PostgresSessionStore.openShared(
        database.schemaFor(POSTGRES_STORE), database.poolSize(), clock, instance);
  }

  /**
   * Whether there is a store to open without creating one: always on PostgreSQL, where the schema
   * is the runtime's; on SQLite only once the file exists.
   */
  public static boolean exists(RuntimeDatabase database, Path sessionsDb) {
    return database.onPostgres() || Files.isRegularFile(sessionsDb, LinkOption.NOFOLLOW_LINKS);
  }
}
