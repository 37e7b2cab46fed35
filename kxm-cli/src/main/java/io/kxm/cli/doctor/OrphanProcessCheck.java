package io.kxm.cli.doctor;

import io.kxm.cli.runtime.RunningSupervisor;
import io.kxm.supervisor.SupervisorRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Gates and harnesses the runtime started that still run without the supervisor that started them:
 * their record names a live process (pid and start time), and no supervisor runs or the process is
 * not its child (a supervisor killed with {@code kill -9} leaves its children to init). Such a
 * process may keep changing a workspace with nobody to stop it or record what it did.
 */
final class OrphanProcessCheck implements DoctorCheck {
  @Override
  public String name() {
    return "processes";
  }

  @Override
  public List<Finding> run(DoctorScope scope) {
    Optional<Long> supervisor =
        RunningSupervisor.row(scope.supervisor())
            .filter(r -> !r.state().equals("stopped"))
            .filter(SupervisorRow::processAlive)
            .map(SupervisorRow::pid);
    List<Finding> findings = new ArrayList<>();
    int running = 0;
    for (ProcessRecords.Recorded record : ProcessRecords.all(scope.supervisor())) {
      Optional<ProcessHandle> process = record.running();
      if (process.isEmpty()) {
        continue;
      }
      running++;
      Optional<Long> parent = process.get().parent().map(ProcessHandle::pid);
      if (supervisor.isPresent() && parent.equals(supervisor)) {
        continue;
      }
      long descendants = process.get().descendants().count();
      findings.add(
          Finding.error(
              name(),
              "orphan_process",
              "a "
                  + record.kind()
                  + " process (pid "
                  + record.pid()
                  + (descendants == 0 ? "" : ", with " + descendants + " descendants")
                  + ") still runs, but "
                  + supervisor
                      .map(pid -> "the running supervisor (pid " + pid + ") did not start it")
                      .orElse("no supervisor runs")
                  + (record.file() == null ? "" : "; recorded in " + record.file()),
              "kill " + record.pid()));
    }
    if (findings.isEmpty()) {
      findings.add(
          Finding.ok(
              name(),
              "no_orphan_processes",
              running == 0
                  ? "no recorded gate or harness process runs"
                  : running + " recorded gate or harness processes run under the supervisor"));
    }
    return findings;
  }
}
