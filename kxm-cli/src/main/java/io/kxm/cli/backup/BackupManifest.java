package io.kxm.cli.backup;

import io.kxm.cli.stores.StoreFile;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.InputJson;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code manifest.json} of a backup folder: what was copied, how, and how to recognize each copy.
 * Read back strictly ({@link InputJson}): a manifest is outside input by the time it is restored.
 *
 * @param format the layout of this record, {@value #FORMAT}
 * @param version the product version that took the backup
 * @param project the project folder the backup was taken in
 * @param stateRoot the user state root the backup was taken from
 * @param secretsIncluded whether credentials and keys were copied ({@code --include-secrets})
 */
public record BackupManifest(
    int format,
    String product,
    String version,
    Instant createdAt,
    String project,
    String stateRoot,
    boolean secretsIncluded,
    List<Entry> stores) {
  public static final int FORMAT = 1;
  public static final String FILE = "manifest.json";

  public BackupManifest {
    if (format != FORMAT) {
      throw invalid("format " + format + " is not " + FORMAT);
    }
    if (!"kxm".equals(product) || version == null || createdAt == null || stores == null) {
      throw invalid("product, version, createdAt and stores are required");
    }
    stores = List.copyOf(stores);
  }

  /** How one store was taken. */
  public enum Method {
    /** SQLite's {@code VACUUM INTO}: a consistent copy while the owner keeps writing. */
    VACUUM_INTO,
    /** A plain copy of a small state file. */
    COPY,
    /** {@code pg_dump --format=custom} of the hub's PostgreSQL schema. */
    PG_DUMP,
    /** Not copied: the reason is in the entry's note. */
    NOT_COPIED
  }

  /**
   * One store in the backup.
   *
   * @param file where the copy lies, relative to the backup folder; null when nothing was copied
   * @param schemaVersion the copy's schema version, for SQLite stores
   * @param rows rows per table of a SQLite copy
   * @param note why a store was not copied, or how to restore it by other means
   */
  public record Entry(
      String name,
      StoreFile.Kind kind,
      StoreFile.Owner owner,
      Method method,
      String file,
      Integer schemaVersion,
      Map<String, Long> rows,
      Long size,
      String sha256,
      String note) {
    public Entry {
      if (name == null || name.isBlank() || kind == null || owner == null || method == null) {
        throw invalid("each store needs a name, kind, owner and method");
      }
      if ((method == Method.NOT_COPIED) != (file == null)
          || (file != null && (size == null || sha256 == null))) {
        throw invalid(
            "store " + name + ": a copied store needs file, size and sha256, others none");
      }
      rows = rows == null ? Map.of() : Map.copyOf(rows);
    }

    public boolean copied() {
      return file != null;
    }
  }

  /** Reads {@code dir/manifest.json}. */
  public static BackupManifest read(Path dir) {
    Path file = dir.resolve(FILE);
    byte[] bytes;
    try {
      if (Files.isSymbolicLink(file)) {
        throw invalid(file + " is a symbolic link");
      }
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new KxmException(
          ErrorCode.BACKUP_MANIFEST_INVALID,
          "there is no " + FILE + " in " + dir + "; nothing there");
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.BACKUP_MANIFEST_INVALID, "cannot read " + file + ": " + e.getMessage(), e);
    }
    try {
      return InputJson.convert(InputJson.read(bytes), BackupManifest.class);
    } catch (KxmException e) {
      if (e.code() == ErrorCode.BACKUP_MANIFEST_INVALID) {
        throw e;
      }
      throw new KxmException(
          ErrorCode.BACKUP_MANIFEST_INVALID,
          file + " is not a backup manifest: " + e.code().code() + ": " + e.getMessage(),
          e);
    }
  }

  /** Where {@code entry}'s copy lies, refusing a path that leaves the backup folder. */
  public static Path copyOf(Path dir, Entry entry) {
    Path base = dir.toAbsolutePath().normalize();
    Path copy = base.resolve(entry.file()).normalize();
    if (Path.of(entry.file()).isAbsolute()
        || !copy.startsWith(base)
        || copy.equals(base)
        || Files.isSymbolicLink(copy)
        || (Files.exists(copy, LinkOption.NOFOLLOW_LINKS)
            && !Files.isRegularFile(copy, LinkOption.NOFOLLOW_LINKS))) {
      throw invalid("store " + entry.name() + ": " + entry.file() + " is not a file of the backup");
    }
    return copy;
  }

  byte[] toBytes() {
    return Json.writeBytes(this);
  }

  private static KxmException invalid(String why) {
    return new KxmException(ErrorCode.BACKUP_MANIFEST_INVALID, "backup manifest: " + why);
  }
}
