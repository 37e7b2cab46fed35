package io.kxm.cli.backup;

import io.kxm.cli.backup.BackupManifest.Entry;
import io.kxm.cli.backup.BackupManifest.Method;
import io.kxm.cli.stores.StoreCheck;
import io.kxm.cli.stores.StoreFile;
import io.kxm.cli.stores.StoreHealth;
import io.kxm.cli.stores.StoreInventory;
import io.kxm.core.Version;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import io.kxm.store.PostgresLocation;
import io.kxm.store.sqlite.SqliteDatabase;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Takes a backup of every store in a {@link StoreInventory} into one folder, while the hub and the
 * supervisor keep serving. Each SQLite file is copied with {@code VACUUM INTO}, one consistent
 * snapshot per file. Signed heads are copied before the logs they sign: a head behind its log is
 * accepted, one ahead of it would read as a cut log.
 */
final class BackupTaker {
  static final String STORES_DIR = "stores";

  private final StoreInventory inventory;
  private final Map<String, String> env;
  private final PrintWriter progress;
  private final Clock clock;
  private final StoreCheck check = new StoreCheck();

  BackupTaker(
      StoreInventory inventory, Map<String, String> env, PrintWriter progress, Clock clock) {
    this.inventory = inventory;
    this.env = env;
    this.progress = progress;
    this.clock = clock;
  }

  /** Writes the backup into {@code dir} (created 0700, which must be empty) and its manifest. */
  BackupManifest take(Path dir, boolean includeSecrets) {
    Instant createdAt = clock.instant();
    prepareFolder(dir);
    Path stores = dir.resolve(STORES_DIR);
    try {
      SecureFiles.createPrivateDirectories(stores);
    } catch (IOException e) {
      throw failed("cannot create " + stores, e);
    }
    List<Entry> entries = new ArrayList<>();
    for (StoreFile file : inCopyOrder(inventory.files())) {
      if (!file.restorable()) {
        continue; // a process claim names a process, not data
      }
      entries.add(take(file, dir, includeSecrets));
    }
    BackupManifest manifest =
        new BackupManifest(
            BackupManifest.FORMAT,
            "kxm",
            Version.current(),
            createdAt,
            inventory.project().root().toString(),
            inventory.state().root().toString(),
            includeSecrets,
            entries);
    SecureFiles.writeOwnerOnly(dir.resolve(BackupManifest.FILE), manifest.toBytes());
    return manifest;
  }

  private Entry take(StoreFile file, Path dir, boolean includeSecrets) {
    return switch (file.kind()) {
      case SQLITE -> sqlite(file, dir);
      case STATE_FILE -> copy(file, dir);
      case SECRET ->
          includeSecrets
              ? copy(file, dir)
              : notCopied(file, "a credential: copied only with --include-secrets");
      case POSTGRES -> postgres(file, dir);
    };
  }

  private Entry sqlite(StoreFile file, Path dir) {
    String relative = STORES_DIR + "/" + fileName(file) + ".db";
    Path copy = dir.resolve(relative);
    progress.println("backup: copying " + file.name() + " (" + file.path() + ")");
    progress.flush();
    SqliteDatabase.runtime(file.path(), file.name() + " store").snapshotTo(copy);
    StoreHealth health = check.check(file, copy);
    if (!health.intact()) {
      throw new KxmException(
          ErrorCode.BACKUP_WRITE_FAILED,
          "the copy of "
              + file.name()
              + " at "
              + copy
              + " failed its check: "
              + health.integrity());
    }
    return copied(
        file,
        Method.VACUUM_INTO,
        dir,
        relative,
        health.schemaVersion().orElse(null),
        health.rowCounts(),
        null);
  }

  private Entry copy(StoreFile file, Path dir) {
    String relative = STORES_DIR + "/" + fileName(file);
    try {
      byte[] bytes = Files.readAllBytes(file.path());
      SecureFiles.writeOwnerOnly(dir.resolve(relative), bytes);
    } catch (IOException e) {
      throw failed("cannot copy " + file.path(), e);
    }
    return copied(file, Method.COPY, dir, relative, null, Map.of(), null);
  }

  private Entry postgres(StoreFile file, Path dir) {
    PostgresLocation location = inventory.postgres(file).orElseThrow();
    Optional<Path> pgDump = PgDump.find(env);
    if (pgDump.isEmpty()) {
      return notCopied(
          file,
          "pg_dump is not on PATH: install the PostgreSQL client (apt install postgresql-client)"
              + " and back up again, or back up "
              + location.redactedUrl()
              + " with the database's own tools");
    }
    String relative = STORES_DIR + "/" + fileName(file) + ".pgdump";
    Path target = dir.resolve(relative);
    Path log = dir.resolve(relative + ".log");
    progress.println("backup: running pg_dump for " + location.redactedUrl());
    progress.flush();
    PgDump.Outcome outcome;
    try {
      SecureFiles.createOwnerOnly(target); // pg_dump writes into it and keeps its mode
      SecureFiles.createOwnerOnly(log);
      outcome = PgDump.dump(pgDump.get(), location, target, log);
      Files.deleteIfExists(log);
      if (!outcome.dumped()) {
        Files.deleteIfExists(target);
        return notCopied(
            file,
            outcome.detail()
                + "; back up "
                + location.redactedUrl()
                + " with the database's own tools");
      }
    } catch (IOException e) {
      throw failed("cannot finish the dump at " + target, e);
    }
    return copied(
        file,
        Method.PG_DUMP,
        dir,
        relative,
        null,
        Map.of(),
        outcome.detail()
            + "; restore with pg_restore --clean --if-exists --dbname=<url> "
            + relative);
  }

  private static Entry copied(
      StoreFile file,
      Method method,
      Path dir,
      String relative,
      Integer schemaVersion,
      Map<String, Long> rows,
      String note) {
    Path copy = dir.resolve(relative);
    try {
      return new Entry(
          file.name(),
          file.kind(),
          file.owner(),
          method,
          relative,
          schemaVersion,
          rows,
          Files.size(copy),
          FileDigest.sha256(copy),
          note);
    } catch (IOException e) {
      throw failed("cannot read back " + copy, e);
    }
  }

  private static Entry notCopied(StoreFile file, String why) {
    return new Entry(
        file.name(),
        file.kind(),
        file.owner(),
        Method.NOT_COPIED,
        null,
        null,
        Map.of(),
        null,
        null,
        why);
  }

  /** Heads before the logs they sign; otherwise the inventory's order. */
  private static List<StoreFile> inCopyOrder(List<StoreFile> files) {
    List<StoreFile> ordered = new ArrayList<>(files);
    ordered.sort(Comparator.comparingInt(f -> isHeads(f) ? 0 : 1));
    return ordered;
  }

  private static boolean isHeads(StoreFile file) {
    return file.family().equals(StoreInventory.RUN_HEADS)
        || file.family().equals(StoreInventory.SESSION_HEADS);
  }

  /** {@code run-events:<key>} as a file name: {@code run-events.<key>}. */
  static String fileName(StoreFile file) {
    return file.name().replace(':', '.');
  }

  private static void prepareFolder(Path dir) {
    try {
      if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
          throw new KxmException(
              ErrorCode.BACKUP_WRITE_FAILED, dir + " exists and is not a folder");
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
          if (entries.iterator().hasNext()) {
            throw new KxmException(
                ErrorCode.BACKUP_WRITE_FAILED,
                dir + " is not empty; a backup goes into a new or empty folder");
          }
        }
      }
      SecureFiles.createPrivateDirectories(dir);
    } catch (IOException e) {
      throw failed("cannot create " + dir, e);
    }
  }

  private static KxmException failed(String what, IOException e) {
    return new KxmException(ErrorCode.BACKUP_WRITE_FAILED, what + ": " + e.getMessage(), e);
  }
}
