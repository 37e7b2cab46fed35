package io.kxm.session.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.store.PostgresLocation;
import io.kxm.store.jdbc.SqlErrors;
import io.kxm.store.postgres.PostgresDatabase;
import java.time.Clock;
import java.util.function.UnaryOperator;

/**
 * The session store on PostgreSQL, in one schema ({@code <prefix>_sessions} of the runtime's
 * database), migrated by Flyway from {@code db/runtime-pg/sessions} with a copy of the tables
 * before an older schema is migrated. Several handles, in this process or in other runtime
 * instances, may share the schema: each batch of writes holds the row lock of {@code event_seq}
 * until it commits (see {@link PostgresBatches}), so seqs stay gapless and commit in order, and a
 * subscriber that missed something catches up with {@code seq > after}.
 *
 * <p>Live delivery reaches the subscribers of this handle only: events another instance commits are
 * in the store for replay, but nothing wakes this handle's subscribers for them yet. Runs' signed
 * heads are not kept on PostgreSQL; their hash chains still verify.
 */
public final class PostgresSessionStore extends BatchedSessionStore {
  /** Where the migrations of the session store's PostgreSQL schema are on the classpath. */
  public static final String MIGRATIONS = "db/runtime-pg/sessions";

  private static final String NAME = "session store";

  private PostgresSessionStore(
      Clock clock,
      StoreWriter writer,
      StoreReader reader,
      LiveFanout live,
      PostgresDatabase database) {
    super(clock, writer, reader, live, null, database::close);
  }

  /**
   * Opens the store in {@code location}'s schema, creating or migrating it.
   *
   * @param poolSize the connections of its pool: one for the writer, the rest for reads
   */
  public static PostgresSessionStore open(PostgresLocation location, int poolSize, Clock clock) {
    return open(location, poolSize, clock, UnaryOperator.identity());
  }

  /** As above, with the writer's batches seen through {@code batches}: for tests of failures. */
  static PostgresSessionStore open(
      PostgresLocation location, int poolSize, Clock clock, UnaryOperator<WriteBatches> batches) {
    PostgresDatabase database =
        PostgresDatabase.open(location, MIGRATIONS, NAME, "kxm-sessions", poolSize, clock);
    try {
      String name = NAME + " " + location;
      PooledReads reads = new PooledReads(database.dataSource());
      StoreReader reader =
          new StoreReader(
              (e, doing) -> SqlErrors.translate(e, name, doing, ErrorCode.RUNTIME_STORE_FAILED),
              reads,
              SessionDialect.POSTGRES);
      LiveFanout live = new LiveFanout();
      // The seq is read again at the start of every batch; this is only where counting starts.
      WriteTx tx = new WriteTx(SessionDialect.POSTGRES, null, clock, reader.lastSeq());
      StoreWriter writer =
          new StoreWriter(
              name,
              batches.apply(new PostgresBatches(database.dataSource())),
              tx,
              links -> {},
              live::publish);
      writer.start();
      return new PostgresSessionStore(clock, writer, reader, live, database);
    } catch (RuntimeException e) {
      database.close();
      throw e;
    }
  }
}
