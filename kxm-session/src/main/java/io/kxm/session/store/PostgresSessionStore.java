package io.kxm.session.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.fanout.LiveBus;
import io.kxm.session.api.SharedSessions;
import io.kxm.store.PostgresLocation;
import io.kxm.store.jdbc.SqlErrors;
import io.kxm.store.postgres.PostgresDatabase;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The session store on PostgreSQL, in one schema ({@code <prefix>_sessions} of the runtime's
 * database), migrated by Flyway from {@code db/runtime-pg/sessions} with a copy of the tables
 * before an older schema is migrated. Several handles, in this process or in other runtime
 * instances, may share the schema: each batch of writes holds the row lock of {@code event_seq}
 * until it commits (see {@link PostgresBatches}), so seqs stay gapless and commit in order, and a
 * subscriber that missed something catches up with {@code seq > after}.
 *
 * <p>A handle opened for one runtime instance among several ({@link #openShared}) delivers live
 * every instance's events, read back from the store in seq order ({@link StoreFollower}), and
 * records which instance owns each session and executes each run ({@link #shared()}). A handle
 * opened with {@link #open} delivers only its own writes live. Runs' signed heads are not kept on
 * PostgreSQL; their hash chains still verify.
 */
public final class PostgresSessionStore extends BatchedSessionStore {
  /** Where the migrations of the session store's PostgreSQL schema are on the classpath. */
  public static final String MIGRATIONS = "db/runtime-pg/sessions";

  private static final String NAME = "session store";

  /** Present on a handle opened for one of several instances. */
  private final SharedSessions shared;

  private final StoreFollower follower;

  private PostgresSessionStore(
      Clock clock,
      StoreWriter writer,
      StoreReader reader,
      LiveFanout live,
      PostgresDatabase database,
      SharedSessions shared,
      StoreFollower follower) {
    super(clock, writer, reader, live, null, database::close);
    this.shared = shared;
    this.follower = follower;
  }

  /**
   * Opens the store in {@code location}'s schema, creating or migrating it.
   *
   * @param poolSize the connections of its pool: one for the writer, the rest for reads
   */
  public static PostgresSessionStore open(PostgresLocation location, int poolSize, Clock clock) {
    return open(location, poolSize, clock, UnaryOperator.identity(), null);
  }

  /**
   * Opens the store for runtime instance {@code instance.id()} among several that share the schema:
   * sessions it creates are its own, runs it starts are recorded as its, and its live subscribers
   * get every instance's events, woken through {@code instance.bus()}.
   */
  public static PostgresSessionStore openShared(
      PostgresLocation location, int poolSize, Clock clock, SharedInstance instance) {
    return open(location, poolSize, clock, UnaryOperator.identity(), instance);
  }

  /**
   * How one runtime instance joins a shared store.
   *
   * @param id the instance's id, as its lease has it
   * @param bus where the instances wake each other (Redis between machines)
   * @param poll how long the store's follower waits for a wake-up before it reads anyway
   */
  public record SharedInstance(String id, LiveBus bus, Duration poll) {}

  /** As above, with the writer's batches seen through {@code batches}: for tests of failures. */
  static PostgresSessionStore open(
      PostgresLocation location, int poolSize, Clock clock, UnaryOperator<WriteBatches> batches) {
    return open(location, poolSize, clock, batches, null);
  }

  private static PostgresSessionStore open(
      PostgresLocation location,
      int poolSize,
      Clock clock,
      UnaryOperator<WriteBatches> batches,
      SharedInstance instance) {
    PostgresDatabase database =
        PostgresDatabase.open(location, MIGRATIONS, NAME, "kxm-sessions", poolSize, clock);
    try {
      String name = NAME + " " + location;
      PooledReads reads = new PooledReads(database.dataSource());
      StoreReader.Failure failure =
          (e, doing) -> SqlErrors.translate(e, name, doing, ErrorCode.RUNTIME_STORE_FAILED);
      StoreReader reader = new StoreReader(failure, reads, SessionDialect.POSTGRES);
      LiveFanout live = new LiveFanout();
      long lastSeq = reader.lastSeq();
      StoreFollower follower =
          instance == null
              ? null
              : new StoreFollower(
                  reader,
                  live,
                  instance.bus(),
                  "runtime." + location.schemaOrPublic(),
                  instance.poll(),
                  lastSeq);
      // The seq is read again at the start of every batch; this is only where counting starts.
      WriteTx tx =
          new WriteTx(
              SessionDialect.POSTGRES,
              null,
              clock,
              lastSeq,
              instance == null ? null : instance.id());
      StoreWriter writer =
          new StoreWriter(
              name,
              batches.apply(new PostgresBatches(database.dataSource())),
              tx,
              links -> {},
              follower == null ? live::publish : follower::committed);
      writer.start();
      SharedSessions shared =
          follower == null
              ? null
              : new PostgresSharedSessions(instance.id(), reads, failure, follower);
      return new PostgresSessionStore(clock, writer, reader, live, database, shared, follower);
    } catch (RuntimeException e) {
      database.close();
      throw e;
    }
  }

  @Override
  public Optional<SharedSessions> shared() {
    return Optional.ofNullable(shared);
  }

  @Override
  public void close() {
    if (follower != null) {
      follower.close();
    }
    super.close();
  }
}
