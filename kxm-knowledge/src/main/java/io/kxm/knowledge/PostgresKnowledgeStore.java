package io.kxm.knowledge;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.search.PostgresTextIndex;
import io.kxm.core.search.TextIndex;
import io.kxm.store.PostgresLocation;
import io.kxm.store.jdbc.SqlErrors;
import io.kxm.store.postgres.PostgresDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;

/**
 * The knowledge database in one PostgreSQL schema ({@code <prefix>_knowledge} of the runtime's
 * database), migrated by Flyway from {@code db/runtime-pg/knowledge} through {@link
 * PostgresDatabase}: entries, forum rounds, the evolve loop's tables and the full-text index over
 * entries ({@link PostgresTextIndex}: {@code tsvector}, a GIN index, {@code ts_rank}).
 *
 * <p>Every write first locks one row of {@code knowledge_meta} ({@code write_lock}), so writers of
 * every process on the schema run one after another, as {@code BEGIN IMMEDIATE} makes them on
 * SQLite: a write that reads before it writes never loses an update. Reads are read-only snapshots
 * ({@code REPEATABLE READ}) on a pooled connection and never wait for a writer.
 */
public final class PostgresKnowledgeStore implements KnowledgeStore {
  /** Where the migrations of the knowledge schema are on the classpath. */
  public static final String MIGRATIONS = "db/runtime-pg/knowledge";

  /** The store's name in {@code RuntimeDatabase.schemaFor}. */
  public static final String STORE = "knowledge";

  private static final TextIndex TEXT_INDEX = new PostgresTextIndex();

  private final PostgresDatabase database;
  private final String location;
  private final String name;
  private final Path file;
  private final Clock clock;
  private final String databaseId;
  private volatile boolean closed;

  private PostgresKnowledgeStore(
      PostgresDatabase database, String location, Path file, Clock clock, String databaseId) {
    this.database = database;
    this.location = location;
    this.name = "knowledge database " + location;
    this.file = file;
    this.clock = clock;
    this.databaseId = databaseId;
  }

  /**
   * Opens the store in {@code location}'s schema, creating or migrating it.
   *
   * @param file the {@code --db} path this store stands for; a process given the same path and the
   *     same {@code KXM_RUNTIME_DATABASE_URL} reaches this schema (see {@link #file()})
   */
  public static PostgresKnowledgeStore open(
      PostgresLocation location, int poolSize, Path file, Clock clock) {
    String name = "knowledge database " + location;
    PostgresDatabase database =
        PostgresDatabase.open(location, MIGRATIONS, name, "kxm-knowledge", poolSize, clock);
    try {
      String id =
          database.write(jdbc ->
              jdbc.about("prepare the " + name)
                  .onConnection(c -> {
                    lockWrites(c);
                    return KnowledgeMeta.prepare(c, TEXT_INDEX, clock);
                  }));
      return new PostgresKnowledgeStore(
          database, location.toString(), file.toAbsolutePath().normalize(), clock, id);
    } catch (RuntimeException e) {
      database.close();
      throw e;
    }
  }

  @Override
  public <T> T read(SqlWork<T> work) {
    checkOpen();
    return database.read(
        jdbc -> jdbc.about("read the " + name).onConnection(c -> run(c, work, "read")));
  }

  @Override
  public <T> T write(SqlWork<T> work) {
    checkOpen();
    return database.write(jdbc ->
        jdbc.about("lock the " + name + " for a write")
            .onConnection(c -> {
              lockWrites(c);
              return run(c, work, "write");
            }));
  }

  @Override
  public TextIndex textIndex() {
    return TEXT_INDEX;
  }

  @Override
  public String databaseId() {
    return databaseId;
  }

  @Override
  public Clock clock() {
    return clock;
  }

  /**
   * The {@code --db} path the store was opened for. No file holds it: a forum MCP server given this
   * path opens the same schema, since it reads the same {@code KXM_RUNTIME_DATABASE_URL}.
   */
  @Override
  public Path file() {
    return file;
  }

  @Override
  public String location() {
    return location;
  }

  @Override
  public void close() {
    closed = true;
    database.close();
  }

  private void checkOpen() {
    if (closed) {
      throw new KxmException(ErrorCode.RUNTIME_STORE_FAILED, "the " + name + " is closed");
    }
  }

  // The retryable cause stays on the exception, so PostgresDatabase still runs a lost write again.
  private <T> T run(Connection c, SqlWork<T> work, String doing) {
    try {
      return work.run(c);
    } catch (SQLException e) {
      throw SqlErrors.translate(e, name, doing, ErrorCode.RUNTIME_STORE_FAILED);
    }
  }

  private static void lockWrites(Connection c) throws SQLException {
    try (Statement lock = c.createStatement()) {
      lock.execute("SELECT 1 FROM knowledge_meta WHERE key = 'write_lock' FOR UPDATE");
    }
  }
}
