package io.kxm.cli.backup;

import io.kxm.cli.backup.BackupManifest.Entry;
import io.kxm.cli.hub.HubProcessFile;
import io.kxm.cli.stores.StoreFile;
import io.kxm.cli.stores.StoreInventory;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import io.kxm.supervisor.SupervisorLock;
import io.kxm.supervisor.SupervisorPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Puts a checked backup's copies back where this machine keeps each store. A file it replaces is
 * moved aside as {@code <file>.before-restore-<time>} (a SQLite file with its {@code -wal} and
 * {@code -shm}, which belong to the old file only). Copies are restored as they are: one from an
 * older build is migrated forward by the store's own opener, with its usual backup first.
 */
final class Restorer {
  static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final String[] SQLITE_SIDECARS = {"-wal", "-shm"};

  private final StoreInventory inventory;

  Restorer(StoreInventory inventory) {
    this.inventory = inventory;
  }

  /** What a restore does with one store of the backup. */
  enum Action {
    REPLACE,
    ADD,
    /** Left as it is; the note says why (not copied, a PostgreSQL dump, unknown to this build). */
    SKIP
  }

  /**
   * One step of the plan.
   *
   * @param target where the store lives on this machine; null when skipped for lack of one
   */
  record Step(Entry entry, Action action, Path target, String note) {}

  /** The steps for {@code backup}'s stores, changing nothing. */
  List<Step> plan(BackupCheck.Report backup) {
    List<Step> steps = new ArrayList<>();
    for (Entry entry : backup.manifest().stores()) {
      steps.add(step(entry));
    }
    return List.copyOf(steps);
  }

  private Step step(Entry entry) {
    if (!entry.copied()) {
      return new Step(entry, Action.SKIP, null, "not in the backup: " + entry.note());
    }
    if (entry.kind() == StoreFile.Kind.POSTGRES) {
      return new Step(
          entry, Action.SKIP, null, "PostgreSQL is restored with its own tools: " + entry.note());
    }
    Optional<StoreFile> here = inventory.entry(entry.name());
    if (here.isEmpty() || here.get().kind() != entry.kind()) {
      return new Step(
          entry,
          Action.SKIP,
          null,
          "this build keeps no store named "
              + entry.name()
              + (here.isEmpty() ? "" : " of kind " + entry.kind()));
    }
    Path target = here.get().path();
    boolean exists = Files.exists(target, LinkOption.NOFOLLOW_LINKS);
    return new Step(entry, exists ? Action.REPLACE : Action.ADD, target, null);
  }

  /**
   * Refuses while a process that writes one of the planned stores runs: the hub of this project
   * (its claim names a live process) or a supervisor of this state root (it holds the lock). The
   * supervisor's lock is returned held, so none starts during the restore; empty when no step needs
   * it or when {@code hold} is false (a dry run, which must not create the lock file either).
   */
  Optional<SupervisorLock> refuseRunningOwners(List<Step> steps, boolean hold) {
    boolean hubFiles = touches(steps, StoreFile.Owner.HUB);
    boolean supervisorFiles = touches(steps, StoreFile.Owner.SUPERVISOR);
    if (hubFiles) {
      Optional<HubProcessFile> hub =
          HubProcessFile.read(inventory.project().hubPidFile())
              .filter(HubProcessFile::processAlive);
      if (hub.isPresent()) {
        throw new KxmException(
            ErrorCode.RESTORE_OWNER_RUNNING,
            "the hub of "
                + inventory.project().root()
                + " runs (pid "
                + hub.get().pid()
                + ", "
                + hub.get().url()
                + "); stop it with 'kxm hub stop' before restoring",
            "Stop the hub with 'kxm hub stop', then run 'kxm restore' again.");
      }
    }
    if (!supervisorFiles) {
      return Optional.empty();
    }
    Path lockFile = SupervisorPaths.of(inventory.state()).lockFile();
    if (!hold && !Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty(); // no supervisor ever started over this state root
    }
    Optional<SupervisorLock> lock = SupervisorLock.tryAcquire(lockFile);
    if (lock.isEmpty()) {
      throw new KxmException(
          ErrorCode.RESTORE_OWNER_RUNNING,
          "a runtime supervisor runs over "
              + inventory.state().root()
              + " (it holds "
              + lockFile
              + "); stop it with 'kxm runtime stop' before restoring",
          "Stop the supervisor with 'kxm runtime stop', then run 'kxm restore' again.");
    }
    if (!hold) {
      lock.get().close();
      return Optional.empty();
    }
    return lock;
  }

  /** Carries out {@code steps}; returns where each replaced file was moved. */
  List<Path> apply(Path backupDir, List<Step> steps, Instant at) {
    String suffix = ".before-restore-" + STAMP.format(at);
    List<Path> asides = new ArrayList<>();
    for (Step step : steps) {
      if (step.action() == Action.SKIP) {
        continue;
      }
      Path copy = BackupManifest.copyOf(backupDir, step.entry());
      try {
        SecureFiles.createPrivateDirectories(step.target().getParent());
        if (step.entry().kind() == StoreFile.Kind.SQLITE) {
          for (String sidecar : SQLITE_SIDECARS) {
            moveAside(sibling(step.target(), sidecar), suffix).ifPresent(asides::add);
          }
        }
        moveAside(step.target(), suffix).ifPresent(asides::add);
        putInPlace(copy, step.target());
      } catch (IOException e) {
        throw new KxmException(
            ErrorCode.STATE_DIR_UNUSABLE,
            "restoring "
                + step.entry().name()
                + " to "
                + step.target()
                + " failed: "
                + e.getMessage()
                + "; files moved aside so far: "
                + asides,
            e);
      }
    }
    return List.copyOf(asides);
  }

  private static Optional<Path> moveAside(Path file, String suffix) throws IOException {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    Path aside = sibling(file, suffix);
    Files.move(file, aside, StandardCopyOption.ATOMIC_MOVE);
    return Optional.of(aside);
  }

  /** Copies next to the target first, owner-only, then renames it into place in one step. */
  private static void putInPlace(Path copy, Path target) throws IOException {
    Path partial = sibling(target, ".restoring");
    Files.deleteIfExists(partial);
    SecureFiles.createOwnerOnly(partial);
    Files.copy(copy, partial, StandardCopyOption.REPLACE_EXISTING);
    if (partial.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rw-------"));
    }
    Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
  }

  private static Path sibling(Path file, String suffix) {
    return file.resolveSibling(file.getFileName() + suffix);
  }

  private static boolean touches(List<Step> steps, StoreFile.Owner owner) {
    return steps.stream().anyMatch(s -> s.action() != Action.SKIP && s.entry().owner() == owner);
  }
}
