package io.kxm.cli.backup;

import io.kxm.cli.backup.BackupManifest.Entry;
import io.kxm.cli.stores.StoreCheck;
import io.kxm.cli.stores.StoreFile;
import io.kxm.cli.stores.StoreHealth;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a backup folder before anyone relies on it: the manifest parses, every copy is there with
 * its size and SHA-256, and every SQLite copy passes {@code PRAGMA integrity_check} at a schema
 * this build can open (an older one is migrated forward when it is next opened).
 */
final class BackupCheck {
  private final StoreCheck check = new StoreCheck();

  /** A problem with one store of the backup. */
  record Finding(String store, ErrorCode code, String message) {}

  /** What the check found; {@link #ok()} when nothing. */
  record Report(Path dir, BackupManifest manifest, List<Finding> findings) {
    boolean ok() {
      return findings.isEmpty();
    }
  }

  /**
   * Checks {@code dir}.
   *
   * @throws KxmException {@code backup_manifest_invalid} when there is no manifest to go by
   */
  Report verify(Path dir) {
    BackupManifest manifest = BackupManifest.read(dir);
    List<Finding> findings = new ArrayList<>();
    for (Entry entry : manifest.stores()) {
      if (entry.copied()) {
        verify(dir, entry, findings);
      }
    }
    return new Report(dir, manifest, List.copyOf(findings));
  }

  private void verify(Path dir, Entry entry, List<Finding> findings) {
    Path copy = BackupManifest.copyOf(dir, entry);
    if (!Files.isRegularFile(copy, LinkOption.NOFOLLOW_LINKS)) {
      findings.add(damaged(entry, entry.file() + " is missing"));
      return;
    }
    try {
      long size = Files.size(copy);
      if (size != entry.size()) {
        findings.add(damaged(entry, entry.file() + " has " + size + " bytes, not " + entry.size()));
        return;
      }
      String sha256 = FileDigest.sha256(copy);
      if (!sha256.equals(entry.sha256())) {
        findings.add(
            damaged(
                entry,
                entry.file()
                    + " has SHA-256 "
                    + sha256
                    + ", not the "
                    + entry.sha256()
                    + " it was written with"));
        return;
      }
    } catch (IOException e) {
      findings.add(damaged(entry, "cannot read " + entry.file() + ": " + e.getMessage()));
      return;
    }
    if (entry.kind() == StoreFile.Kind.SQLITE) {
      openCopy(entry, copy, findings);
    }
  }

  private void openCopy(Entry entry, Path copy, List<Finding> findings) {
    StoreFile as = new StoreFile(entry.name(), entry.kind(), copy, entry.owner());
    StoreHealth health;
    try {
      health = check.check(as, copy);
    } catch (IllegalArgumentException e) {
      findings.add(
          new Finding(
              entry.name(),
              ErrorCode.BACKUP_SCHEMA_NEWER,
              "this build knows no store named " + entry.name()));
      return;
    }
    if (!health.intact()) {
      findings.add(
          damaged(entry, entry.file() + " fails its integrity check: " + health.integrity()));
    } else if (health.newerThanCode()) {
      findings.add(
          new Finding(
              entry.name(),
              ErrorCode.BACKUP_SCHEMA_NEWER,
              entry.file()
                  + " is at schema "
                  + health.schemaVersion().orElseThrow()
                  + "; this build opens up to "
                  + health.newestKnown()));
    }
  }

  private static Finding damaged(Entry entry, String message) {
    return new Finding(entry.name(), ErrorCode.BACKUP_DAMAGED, message);
  }
}
