package io.kxm.cli.stores;

import java.util.Map;
import java.util.Optional;

/**
 * What {@link StoreCheck} found in one SQLite store.
 *
 * @param integrity {@code "ok"}, SQLite's list of problems, or why the file could not be read
 * @param schemaVersion the schema version the file is at (0 for an empty file), empty when it could
 *     not be read
 * @param newestKnown the newest schema version of this kind of file that this build knows
 * @param rowCounts rows per table, empty when the file could not be read
 * @param problemCode the error code of a file that could not be opened at all, such as {@code
 *     store_corrupt}
 */
public record StoreHealth(
    StoreFile file,
    String integrity,
    Optional<Integer> schemaVersion,
    int newestKnown,
    Map<String, Long> rowCounts,
    Optional<String> problemCode) {

  public StoreHealth {
    rowCounts = Map.copyOf(rowCounts);
  }

  /** Whether SQLite found the file intact. */
  public boolean intact() {
    return "ok".equals(integrity);
  }

  /** Whether the file was written by a newer build: this build refuses to open it. */
  public boolean newerThanCode() {
    return schemaVersion.map(v -> v > newestKnown).orElse(false);
  }

  /** Whether the file is older than this build: it is migrated forward on its next open. */
  public boolean olderThanCode() {
    return schemaVersion.map(v -> v > 0 && v < newestKnown).orElse(false);
  }

  /** Intact and not newer than this build. */
  public boolean ok() {
    return intact() && !newerThanCode();
  }
}
