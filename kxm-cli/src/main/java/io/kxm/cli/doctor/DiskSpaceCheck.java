package io.kxm.cli.doctor;

import io.kxm.core.settings.EnvSettings;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Free space on the file systems that hold the state folders: the user state root and the project's
 * {@code .kxm}. SQLite needs room for its write-ahead log and a migration copies a file before it
 * changes it, so a nearly full disk fails a write (or a start) long before it is full.
 */
final class DiskSpaceCheck implements DoctorCheck {
  static final String WARN_SETTING = "KXM_DOCTOR_DISK_WARN_MB";
  static final String ERROR_SETTING = "KXM_DOCTOR_DISK_ERROR_MB";
  static final long DEFAULT_WARN_MB = 1024;
  static final long DEFAULT_ERROR_MB = 100;
  private static final long MB = 1024L * 1024;

  @Override
  public String name() {
    return "disk";
  }

  @Override
  public List<Finding> run(DoctorScope scope) {
    EnvSettings settings = EnvSettings.of(scope.env());
    long errorMb = settings.number(ERROR_SETTING, DEFAULT_ERROR_MB, 0, Long.MAX_VALUE);
    long warnMb =
        Math.max(errorMb, settings.number(WARN_SETTING, DEFAULT_WARN_MB, 0, Long.MAX_VALUE));
    List<Finding> findings = new ArrayList<>();
    Set<FileStore> seen = new HashSet<>();
    for (Path folder : List.of(scope.state().root(), scope.project().kxmDir())) {
      Path existing = nearestExisting(folder);
      FileStore store;
      long free;
      try {
        store = Files.getFileStore(existing);
        free = store.getUsableSpace();
      } catch (IOException e) {
        findings.add(
            Finding.warn(
                name(),
                "disk_unknown",
                "cannot read the free space under " + existing + ": " + e.getMessage(),
                "df -h " + ShellWords.quote(existing)));
        continue;
      }
      if (!seen.add(store)) {
        continue;
      }
      long freeMb = free / MB;
      String where = freeMb + " MiB free under " + folder;
      String fix =
          "free space on the file system of "
              + existing
              + " (df -h "
              + ShellWords.quote(existing)
              + "), or move the state elsewhere with KXM_STATE_HOME";
      if (freeMb < errorMb) {
        findings.add(
            Finding.error(name(), "disk_critical", where + ", below " + errorMb + " MiB", fix));
      } else if (freeMb < warnMb) {
        findings.add(Finding.warn(name(), "disk_low", where + ", below " + warnMb + " MiB", fix));
      } else {
        findings.add(Finding.ok(name(), "disk_ok", where));
      }
    }
    return findings;
  }

  private static Path nearestExisting(Path folder) {
    Path p = folder.toAbsolutePath();
    while (p != null && !Files.exists(p)) {
      p = p.getParent();
    }
    return p == null ? Path.of("/") : p;
  }
}
