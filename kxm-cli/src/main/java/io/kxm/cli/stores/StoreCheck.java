package io.kxm.cli.stores;

import io.kxm.core.error.KxmException;
import io.kxm.knowledge.KnowledgeDatabase;
import io.kxm.runtime.receipt.SignedHeads;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.session.store.SqliteSessionStore;
import io.kxm.store.Dialect;
import io.kxm.store.jdbc.Migrator;
import io.kxm.store.sqlite.SqliteDatabase;
import io.kxm.store.sqlite.SqliteInspection;
import io.kxm.store.sqlite.SqliteSchema;
import io.kxm.supervisor.Registry;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Looks at one SQLite store without changing it: SQLite's integrity check, the schema version the
 * file is at, and the newest version this build knows for that kind of file. The hub's store keeps
 * its version in Flyway's history; the runtime's files keep {@code 1000 + newest} in {@code
 * user_version} (a hand-numbered version below 1000 in files made before Flyway), see {@link
 * SqliteSchema}.
 */
public final class StoreCheck {
  private final Map<String, SqliteSchema> runtimeSchemas =
      Map.of(
          StoreInventory.EVOLVE, KnowledgeDatabase.SCHEMA,
          StoreInventory.REGISTRY, Registry.SCHEMA,
          StoreInventory.SESSIONS, SqliteSessionStore.SCHEMA,
          StoreInventory.SESSION_HEADS, SignedHeads.SCHEMA,
          StoreInventory.RUN_EVENTS, RunEventStore.SCHEMA,
          StoreInventory.RUN_HEADS, SignedHeads.SCHEMA);
  private Integer hubNewest;

  /** Checks {@code file}, a {@link StoreFile.Kind#SQLITE} entry, where its path says. */
  public StoreHealth check(StoreFile file) {
    return check(file, file.path());
  }

  /**
   * Checks the copy at {@code copy} as the kind of file {@code file} names: how a backup's copies
   * are checked.
   */
  public StoreHealth check(StoreFile file, Path copy) {
    if (file.kind() != StoreFile.Kind.SQLITE) {
      throw new IllegalArgumentException(file.name() + " is not a SQLite store");
    }
    int newest = newestKnown(file);
    SqliteInspection inspection;
    try {
      inspection = SqliteDatabase.runtime(copy, file.name() + " store").inspect();
    } catch (KxmException e) {
      return new StoreHealth(
          file, e.getMessage(), Optional.empty(), newest, Map.of(), Optional.of(e.code().code()));
    }
    return new StoreHealth(
        file,
        inspection.integrity(),
        Optional.of(version(file, inspection)),
        newest,
        inspection.rowCounts(),
        Optional.empty());
  }

  /** The newest schema version of {@code file}'s kind that this build migrates files to. */
  public int newestKnown(StoreFile file) {
    if (StoreInventory.HUB.equals(file.family())) {
      if (hubNewest == null) {
        hubNewest = Migrator.newestShipped(Dialect.SQLITE);
      }
      return hubNewest;
    }
    return schema(file).newest();
  }

  private int version(StoreFile file, SqliteInspection inspection) {
    if (StoreInventory.HUB.equals(file.family())) {
      return inspection.flywayVersion().orElse(0);
    }
    int userVersion = inspection.userVersion();
    if (userVersion > SqliteSchema.MARKER_BASE) {
      return userVersion - SqliteSchema.MARKER_BASE;
    }
    // Before Flyway a file kept a hand-numbered version; between a migration and its marker only
    // Flyway's history knows.
    return inspection.flywayVersion().orElse(userVersion);
  }

  private SqliteSchema schema(StoreFile file) {
    SqliteSchema schema = runtimeSchemas.get(file.family());
    if (schema == null) {
      throw new IllegalArgumentException("no schema is known for the store " + file.name());
    }
    return schema;
  }
}
