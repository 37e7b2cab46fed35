package io.kxm.cli.doctor;

import io.kxm.cli.stores.StoreCheck;
import io.kxm.cli.stores.StoreFile;
import io.kxm.cli.stores.StoreHealth;
import io.kxm.cli.stores.StoreInventory;
import java.util.ArrayList;
import java.util.List;

/**
 * Every SQLite store of this project and state root ({@link StoreInventory}), looked at read-only
 * ({@link StoreCheck}): SQLite's integrity check and the schema version against the newest this
 * build knows. A file newer than the code is refused by every open, so only a newer kxm can use it;
 * a damaged file is put right from a backup.
 */
final class StoreHealthCheck implements DoctorCheck {
  static final String RESTORE = "kxm restore <backup-dir> (stop the hub and supervisor first)";
  static final String UPGRADE =
      "upgrade kxm to the release that wrote it (git pull in the kxm checkout, or install the newer"
          + " kxm-<version>.tar.gz); never let this build open it";

  @Override
  public String name() {
    return "stores";
  }

  @Override
  public List<Finding> run(DoctorScope scope) {
    StoreInventory inventory = new StoreInventory(scope.project(), scope.state(), scope.env());
    StoreCheck check = new StoreCheck();
    List<Finding> findings = new ArrayList<>();
    for (StoreFile file : inventory.files()) {
      if (file.kind() == StoreFile.Kind.SQLITE) {
        findings.add(finding(check.check(file)));
      }
    }
    if (findings.isEmpty()) {
      findings.add(Finding.ok(name(), "no_stores", "no SQLite store exists here yet"));
    }
    return findings;
  }

  private Finding finding(StoreHealth health) {
    StoreFile file = health.file();
    String what = file.name() + " (" + file.path() + ")";
    if (health.problemCode().isPresent()) {
      return Finding.error(
          name(),
          "store_unreadable",
          what + " cannot be opened: " + health.problemCode().get() + ": " + health.integrity(),
          RESTORE);
    }
    int version = health.schemaVersion().orElse(0);
    if (health.newerThanCode()) {
      return Finding.error(
          name(),
          "store_schema_newer",
          what
              + " is at schema version "
              + version
              + ", newer than this build knows ("
              + health.newestKnown()
              + "): a newer kxm wrote it",
          UPGRADE);
    }
    if (!health.intact()) {
      return Finding.error(
          name(),
          "store_integrity_failed",
          what + " fails SQLite's integrity check: " + firstLine(health.integrity()),
          RESTORE);
    }
    if (health.olderThanCode()) {
      return Finding.ok(
          name(),
          "store_older",
          what
              + " is intact at schema version "
              + version
              + "; its next open migrates it to "
              + health.newestKnown()
              + " after a copy");
    }
    return Finding.ok(name(), "store_ok", what + " is intact at schema version " + version);
  }

  private static String firstLine(String text) {
    int end = text.indexOf('\n');
    String line = end < 0 ? text : text.substring(0, end) + " …";
    return line.length() > 200 ? line.substring(0, 200) + "…" : line;
  }
}
