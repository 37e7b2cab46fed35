package io.kxm.store;

import java.util.Objects;
import java.util.Optional;

/**
 * What opening a store did to its schema.
 *
 * @param from the schema version found, or empty for a new store
 * @param to the schema version now in place
 * @param backup where the copy made before migrating lies (a file or a PostgreSQL schema), or empty
 *     when nothing needed migrating
 */
public record MigrationReport(Optional<String> from, String to, Optional<String> backup) {
  public MigrationReport {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    Objects.requireNonNull(backup, "backup");
  }

  /** Whether an existing store was moved to a newer schema. */
  public boolean upgraded() {
    return from.isPresent() && !from.get().equals(to);
  }
}
