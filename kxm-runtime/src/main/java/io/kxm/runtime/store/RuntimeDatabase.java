package io.kxm.runtime.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.settings.EnvSettings;
import io.kxm.store.PostgresLocation;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the runtime keeps its stores: embedded SQLite files in the state folder (the default), or
 * one PostgreSQL database that several runtime instances share, each store in its own schema
 * ({@code <prefix>_runs}, {@code <prefix>_sessions}, …).
 *
 * <p>{@code KXM_RUNTIME_DATABASE_URL} ({@code postgresql://user:secret@host:5432/db}) selects
 * PostgreSQL; {@code KXM_RUNTIME_DATABASE_SCHEMA} names the schema prefix (default {@code
 * kxm_runtime}); {@code KXM_RUNTIME_DATABASE_POOL} the connections per store (default 4).
 *
 * @param postgres the database, or empty for SQLite
 */
public record RuntimeDatabase(
    Optional<PostgresLocation> postgres, String schemaPrefix, int poolSize) {
  public static final String URL = "KXM_RUNTIME_DATABASE_URL";
  public static final String SCHEMA = "KXM_RUNTIME_DATABASE_SCHEMA";
  public static final String POOL = "KXM_RUNTIME_DATABASE_POOL";
  private static final String DEFAULT_PREFIX = "kxm_runtime";

  public RuntimeDatabase {
    Objects.requireNonNull(postgres, "postgres");
    Objects.requireNonNull(schemaPrefix, "schemaPrefix");
    // checked here, with the longest store name, so a bad prefix fails at start and not at first
    // use
    postgres.ifPresent(location -> location.withSchema(schemaPrefix + "_knowledge"));
  }

  /** Embedded SQLite files: what the runtime uses unless told otherwise. */
  public static RuntimeDatabase sqlite() {
    return new RuntimeDatabase(Optional.empty(), DEFAULT_PREFIX, 4);
  }

  public static RuntimeDatabase fromEnvironment(Map<String, String> env) {
    EnvSettings read = EnvSettings.of(env);
    String url = read.string(URL);
    return new RuntimeDatabase(
        Optional.ofNullable(url).map(RuntimeDatabase::parse),
        read.string(SCHEMA, DEFAULT_PREFIX),
        read.integer(POOL, 4, 1, 64));
  }

  private static PostgresLocation parse(String url) {
    try {
      return PostgresLocation.parse(url);
    } catch (KxmException e) {
      // the parser names the hub's variable; say which one was read here
      throw new KxmException(
          ErrorCode.CONFIG_INVALID,
          URL + " is not a PostgreSQL URL (" + e.getMessage() + "); use postgresql://host/db");
    }
  }

  public boolean onPostgres() {
    return postgres.isPresent();
  }

  /**
   * The location of one store's schema, such as {@code kxm_runtime_sessions} for {@code
   * "sessions"}.
   *
   * @throws IllegalStateException on SQLite, where stores are files
   */
  public PostgresLocation schemaFor(String store) {
    return postgres
        .orElseThrow(() -> new IllegalStateException("the runtime is on SQLite"))
        .withSchema(schemaPrefix + "_" + store);
  }

  /** Never shows a password. */
  @Override
  public String toString() {
    return postgres.map(p -> p + " prefix " + schemaPrefix).orElse("sqlite");
  }
}
