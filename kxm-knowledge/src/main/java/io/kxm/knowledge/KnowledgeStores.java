package io.kxm.knowledge;

import io.kxm.runtime.store.RuntimeDatabase;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Opens a knowledge database where the runtime keeps its stores: the schema {@code
 * <prefix>_knowledge} of the PostgreSQL database that {@code KXM_RUNTIME_DATABASE_URL} names, or
 * else the SQLite file named by {@code --db}. On PostgreSQL every {@code --db} path leads to that
 * one schema, the evolve loop's tables included, so one schema prefix holds one evolution run.
 */
public final class KnowledgeStores {
  private KnowledgeStores() {}

  /** The knowledge database {@code file} stands for, created when new. */
  public static KnowledgeStore open(RuntimeDatabase database, Path file, Clock clock) {
    if (database.onPostgres()) {
      return PostgresKnowledgeStore.open(
          database.schemaFor(PostgresKnowledgeStore.STORE), database.poolSize(), file, clock);
    }
    return KnowledgeDatabase.open(file, clock);
  }

  /**
   * Whether there is a database to open without creating one: always on PostgreSQL, where the
   * schema is the runtime's; on SQLite only once the file exists.
   */
  public static boolean exists(RuntimeDatabase database, Path file) {
    return database.onPostgres() || Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS);
  }
}
