package io.kxm.store.jdbc;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.Dialect;
import io.kxm.store.MigrationReport;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Optional;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteDataSource;

/**
 * Brings a store to the newest schema this code knows, with Flyway and the SQL files under {@code
 * db/migration/<dialect>}. A store written by newer code is refused untouched; an older one is
 * backed up first and then migrated forward.
 */
public final class Migrator {
  private static final Logger LOG = LoggerFactory.getLogger(Migrator.class);

  /** Makes a copy of the store at {@code version} before migrating; returns where it lies. */
  @FunctionalInterface
  public interface Backup {
    String copy(String version);
  }

  private Migrator() {}

  /**
   * @param schema the PostgreSQL schema to migrate, or null for the connection's default
   * @param store the store's description, for messages
   */
  public static MigrationReport migrate(
      DataSource dataSource, Dialect dialect, String schema, String store, Backup backup) {
    return migrate(dataSource, "db/migration/" + dialect.folder(), schema, null, store, backup);
  }

  /**
   * Migrates a SQLite file of the runtime with the SQL files under {@code location}.
   *
   * @param baseline the version a file made before Flyway managed it is at (its tables exist but no
   *     history does); Flyway records it as applied and runs only what is newer. Null for a file
   *     that Flyway manages or that is empty.
   */
  public static MigrationReport migrate(
      DataSource dataSource, String location, Integer baseline, String store, Backup backup) {
    return migrate(dataSource, location, null, baseline, store, backup);
  }

  /**
   * Migrates a PostgreSQL schema with the SQL files under {@code location}, such as a runtime
   * store's {@code db/runtime-pg/sessions}.
   *
   * @param schema the schema to migrate (created when missing), or null for the connection's
   *     default
   */
  public static MigrationReport migrateSchema(
      DataSource dataSource, String location, String schema, String store, Backup backup) {
    return migrate(dataSource, location, schema, null, store, backup);
  }

  /**
   * The newest migration this build ships for the hub's store in {@code dialect}, as a whole
   * number: what a store at the newest schema has in its history. Read by resolving the migration
   * files against an empty in-memory database, so no store is touched.
   */
  public static int newestShipped(Dialect dialect) {
    SQLiteDataSource empty = new SQLiteDataSource();
    empty.setUrl("jdbc:sqlite::memory:");
    Flyway flyway =
        Flyway.configure(Migrator.class.getClassLoader())
            .dataSource(empty)
            .locations("classpath:db/migration/" + dialect.folder())
            .failOnMissingLocations(true)
            .load();
    return Integer.parseInt(newest(flyway.info().all(), false).orElseThrow().getVersion());
  }

  private static MigrationReport migrate(
      DataSource dataSource,
      String location,
      String schema,
      Integer baseline,
      String store,
      Backup backup) {
    FluentConfiguration config =
        Flyway.configure(Migrator.class.getClassLoader())
            .dataSource(dataSource)
            .locations("classpath:" + location)
            .failOnMissingLocations(true)
            // Features number their migrations in blocks (V4 runtime sync, V20 workflows): a store
            // made before a lower block existed takes it later instead of failing validation.
            .outOfOrder(true)
            .cleanDisabled(true);
    if (schema != null) {
      config.schemas(schema).createSchemas(true);
    }
    if (baseline != null) {
      config.baselineOnMigrate(true).baselineVersion(baseline.toString());
    }
    Flyway flyway = config.load();
    String backupAt = null;
    try {
      MigrationInfo[] all = flyway.info().all();
      Optional<MigrationVersion> applied = newest(all, true);
      MigrationVersion known = newest(all, false).orElseThrow();
      if (applied.isPresent() && applied.get().compareTo(known) > 0) {
        throw new KxmException(
            ErrorCode.STORE_SCHEMA_NEWER,
            "store at schema "
                + applied.get()
                + ", this KXM knows up to "
                + known
                + " ("
                + store
                + ")");
      }
      if (applied.isPresent() && (applied.get().compareTo(known) < 0 || pending(all))) {
        backupAt = backup.copy(applied.get().getVersion());
        LOG.info("backed up {} at schema {} to {}", store, applied.get(), backupAt);
      }
      flyway.migrate();
      if (applied.isEmpty() || backupAt != null) {
        LOG.info(
            "{} is at schema {} (was {})", store, known, applied.map(v -> "" + v).orElse("new"));
      }
      return new MigrationReport(
          applied.map(MigrationVersion::getVersion),
          known.getVersion(),
          Optional.ofNullable(backupAt));
    } catch (FlywayException e) {
      throw failed(e, store, backupAt);
    }
  }

  /** Whether a shipped migration is not yet applied, below the newest applied one or above. */
  private static boolean pending(MigrationInfo[] all) {
    return Arrays.stream(all)
        .filter(MigrationInfo::isVersioned)
        .anyMatch(m -> m.getState().isResolved() && !m.getState().isApplied());
  }

  /** Newest version applied to the store ({@code applied}) or shipped with this code. */
  private static Optional<MigrationVersion> newest(MigrationInfo[] all, boolean applied) {
    return Arrays.stream(all)
        .filter(MigrationInfo::isVersioned)
        .filter(m -> !m.getState().isFailed())
        .filter(m -> applied ? m.getState().isApplied() : m.getState().isResolved())
        .map(MigrationInfo::getVersion)
        .max(MigrationVersion::compareTo);
  }

  private static KxmException failed(FlywayException e, String store, String backupAt) {
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql) {
        KxmException translated = SqlErrors.translate(sql, store, "migrate the schema");
        ErrorCode code = translated.code();
        if (code != ErrorCode.INTERNAL && code != ErrorCode.STORE_CONFLICT) {
          return translated;
        }
        break;
      }
    }
    String restore = backupAt == null ? "" : "; the store before migrating is at " + backupAt;
    return new KxmException(
        ErrorCode.STORE_MIGRATION_FAILED,
        "migrating " + store + " failed: " + e.getMessage() + restore,
        e);
  }
}
