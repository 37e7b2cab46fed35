package io.kxm.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.ProjectPaths;
import java.nio.file.Path;
import java.util.Map;

/**
 * Which store to open and how. Exactly one of {@code sqlitePath} and {@code postgres} is set.
 *
 * @param poolSize connections kept open: SQLite readers (the writer is extra), or the PostgreSQL
 *     pool
 */
public record StoreConfig(
    Dialect dialect, Path sqlitePath, PostgresLocation postgres, int poolSize) {
  public static final int DEFAULT_SQLITE_READERS = 4;
  public static final int DEFAULT_POSTGRES_POOL = 10;

  public StoreConfig {
    if (dialect == null
        || (dialect == Dialect.SQLITE) != (sqlitePath != null)
        || (dialect == Dialect.POSTGRES) != (postgres != null)) {
      throw new KxmException(
          ErrorCode.CONFIG_INVALID, "a store is either a SQLite file or a PostgreSQL location");
    }
    if (poolSize < 1 || poolSize > 200) {
      throw new KxmException(
          ErrorCode.CONFIG_INVALID, "store pool size " + poolSize + " is outside 1 to 200");
    }
  }

  public static StoreConfig sqlite(Path path) {
    return new StoreConfig(
        Dialect.SQLITE, path.toAbsolutePath().normalize(), null, DEFAULT_SQLITE_READERS);
  }

  public static StoreConfig postgres(PostgresLocation location) {
    return new StoreConfig(Dialect.POSTGRES, null, location, DEFAULT_POSTGRES_POOL);
  }

  /**
   * From a {@code postgresql://} or {@code postgres://} URL, see {@link PostgresLocation#parse}.
   */
  public static StoreConfig postgres(String url) {
    return postgres(PostgresLocation.parse(url));
  }

  /**
   * PostgreSQL when {@code KXM_DATABASE_URL} is set (with {@code KXM_DATABASE_SCHEMA} as the
   * optional schema), otherwise the SQLite file of the project ({@code .kxm/state/kxm.db} or {@code
   * KXM_DATA_PATH}).
   */
  public static StoreConfig fromEnvironment(Path projectRoot, Map<String, String> env) {
    String url = env.get("KXM_DATABASE_URL");
    if (url != null && !url.isBlank()) {
      String schema = env.get("KXM_DATABASE_SCHEMA");
      PostgresLocation location = PostgresLocation.parse(url.strip());
      return postgres(schema == null || schema.isBlank() ? location : location.withSchema(schema));
    }
    return sqlite(ProjectPaths.fromEnvironment(projectRoot, env).dataPath());
  }

  public StoreConfig withPoolSize(int size) {
    return new StoreConfig(dialect, sqlitePath, postgres, size);
  }

  /** A name for messages and logs; never contains a password. */
  public String describe() {
    return dialect == Dialect.SQLITE ? "sqlite " + sqlitePath : postgres.toString();
  }
}
