package io.kxm.cli.doctor;

import io.kxm.cli.hub.HubProcessFile;
import io.kxm.cli.runtime.RunningSupervisor;
import io.kxm.supervisor.SupervisorRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Claims left by processes that are gone: the hub's pid file, the supervisor's registry row, the
 * runtime's records of gate and harness processes, and {@code .lock} sidecars of SQLite files that
 * no longer exist. None of them stops kxm from starting (each reader checks the process first), but
 * they mislead a person reading the state folder and a tool that trusts them.
 *
 * <p>A {@code .lock} beside an existing file is not a claim: it is locked with the operating
 * system's file locks, which end with the process, and its presence means nothing.
 */
final class StaleFilesCheck implements DoctorCheck {
  /** A hub writes its claim within this long of its process starting. */
  private static final Duration CLAIM_AFTER_START = Duration.ofMinutes(5);

  @Override
  public String name() {
    return "stale";
  }

  @Override
  public List<Finding> run(DoctorScope scope) {
    List<Finding> findings = new ArrayList<>();
    hubClaim(scope).ifPresent(findings::add);
    supervisorRow(scope).ifPresent(findings::add);
    for (ProcessRecords.Recorded record : ProcessRecords.all(scope.supervisor())) {
      if (record.file() != null && record.running().isEmpty()) {
        findings.add(
            Finding.warn(
                name(),
                "process_record_stale",
                record.file()
                    + " records a "
                    + record.kind()
                    + " process (pid "
                    + record.pid()
                    + ") that is gone",
                "rm " + ShellWords.quote(record.file())));
      }
    }
    List<Path> stores = new ArrayList<>(sqliteLocks(scope.supervisor().runtimeDir()));
    Path hubStore = scope.project().dataPath();
    stores.add(hubStore.resolveSibling(hubStore.getFileName() + ".lock"));
    for (Path lock : stores) {
      Path file = lock.resolveSibling(lock.getFileName().toString().replaceFirst("\\.lock$", ""));
      if (Files.exists(lock, LinkOption.NOFOLLOW_LINKS)
          && !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
        findings.add(
            Finding.warn(
                name(),
                "lock_orphaned",
                lock + " is the lock of " + file.getFileName() + ", which no longer exists",
                "rm " + ShellWords.quote(lock)));
      }
    }
    if (findings.isEmpty()) {
      findings.add(Finding.ok(name(), "no_stale_files", "no pid file, row or record is stale"));
    }
    return findings;
  }

  private Optional<Finding> hubClaim(DoctorScope scope) {
    Path file = scope.project().hubPidFile();
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    Optional<HubProcessFile> claim = HubProcessFile.read(file);
    if (claim.isEmpty()) {
      return Optional.of(
          Finding.warn(
              name(),
              "hub_pid_stale",
              file + " cannot be read as a hub claim",
              "rm " + quoted(file)));
    }
    HubProcessFile c = claim.get();
    Optional<ProcessHandle> process = ProcessHandle.of(c.pid()).filter(ProcessHandle::isAlive);
    if (process.isEmpty()) {
      return Optional.of(
          Finding.warn(
              name(),
              "hub_pid_stale",
              file + " names hub pid " + c.pid() + ", which is not running",
              "rm " + quoted(file)));
    }
    // A process that started well after the claim was written cannot have written it.
    boolean reused =
        process
            .get()
            .info()
            .startInstant()
            .filter(start -> start.isAfter(c.startedAt().plus(CLAIM_AFTER_START)))
            .isPresent();
    if (reused) {
      return Optional.of(
          Finding.warn(
              name(),
              "hub_pid_stale",
              file + " names hub pid " + c.pid() + ", which another program now has",
              "rm " + quoted(file)));
    }
    return Optional.empty();
  }

  private Optional<Finding> supervisorRow(DoctorScope scope) {
    Optional<SupervisorRow> row = RunningSupervisor.row(scope.supervisor());
    if (row.isEmpty() || row.get().state().equals("stopped") || row.get().processAlive()) {
      return Optional.empty();
    }
    SupervisorRow r = row.get();
    return Optional.of(
        Finding.warn(
            name(),
            "supervisor_row_stale",
            "the registry "
                + scope.supervisor().registry()
                + " says a supervisor is "
                + r.state()
                + " as pid "
                + r.pid()
                + ", which is not running",
            "kxm runtime start (a new supervisor takes the row over)"));
  }

  private static List<Path> sqliteLocks(Path runtime) {
    if (!Files.isDirectory(runtime, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(runtime, 3)) {
      return walk.filter(p -> p.getFileName().toString().endsWith(".db.lock")).toList();
    } catch (IOException | UncheckedIOException e) {
      return List.of();
    }
  }

  private static String quoted(Path file) {
    return ShellWords.quote(file);
  }
}
