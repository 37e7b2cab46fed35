package io.kxm.cli.stores;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One store this machine keeps: a SQLite file, a PostgreSQL schema (the hub's, the runtime's runs),
 * or a state file.
 *
 * @param name a stable label, such as {@code hub} or {@code run-events:<project key>}; backups and
 *     checks key on it
 * @param path the file; null for {@link Kind#POSTGRES}, whose location is {@link
 *     StoreInventory#postgres(StoreFile)}
 * @param owner the process that writes it while it runs, which a restore must not race
 */
public record StoreFile(String name, Kind kind, Path path, Owner owner) {

  /** What the entry holds, which decides how it is copied and checked. */
  public enum Kind {
    SQLITE,
    POSTGRES,
    STATE_FILE,
    /** A credential or key: copied only when asked for, always owner-only. */
    SECRET
  }

  /** Who writes the store. */
  public enum Owner {
    HUB,
    SUPERVISOR,
    CLI
  }

  public StoreFile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(owner, "owner");
    if ((kind == Kind.POSTGRES) != (path == null)) {
      throw new IllegalArgumentException("only the PostgreSQL store has no path: " + name);
    }
  }

  /** The label's first part, which names the kind of file: {@code run-events} for each project. */
  public String family() {
    int colon = name.indexOf(':');
    return colon < 0 ? name : name.substring(0, colon);
  }

  /**
   * Whether a restore puts this file back. A process claim ({@code hub.json}) only names a process
   * that ran when the backup was taken, so it is listed but never restored.
   */
  public boolean restorable() {
    return !StoreInventory.HUB_CLAIM.equals(name);
  }
}
