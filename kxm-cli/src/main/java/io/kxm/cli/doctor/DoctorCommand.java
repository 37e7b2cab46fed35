package io.kxm.cli.doctor;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kxm doctor}: looks at everything kxm needs on this machine and says how to fix it. */
@Command(
    name = "doctor",
    mixinStandardHelpOptions = true,
    description = {
      "Check this machine and project for what stops kxm from working: the JDK,",
      "ports, PostgreSQL and Redis, stores, secret file modes and links, stale pid",
      "files, orphaned gate and harness processes, disk space, clock skew against",
      "the hub, and the sandbox. Run it in the project folder.",
      "Each finding has a code, a severity and the fix to run (docs/doctor.md).",
      "Exit code 0 when nothing is an error (warnings alone too), 1 when one is."
    })
public final class DoctorCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--json", description = "Print the findings as one JSON object.")
  boolean json;

  public DoctorCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    DoctorScope scope =
        new DoctorScope(
            context.env(), context.projectPaths(), context.statePaths(), Clock.systemUTC());
    DoctorReport report = Doctor.standard().run(scope);
    if (json) {
      context.out().println(Json.write(report.toJson()));
    } else {
      print(report);
    }
    context.out().flush();
    return report.exitCode();
  }

  private void print(DoctorReport report) {
    for (Finding f : report.findings()) {
      context
          .out()
          .printf(
              "%-5s %-9s %-28s %s%n", f.severity().wireName(), f.check(), f.code(), f.message());
      if (f.fix() != null) {
        context.out().println("      fix: " + f.fix());
      }
    }
    long errors = report.count(Severity.ERROR);
    long warnings = report.count(Severity.WARN);
    context
        .out()
        .println(
            errors == 0 && warnings == 0
                ? "doctor: all checks passed"
                : "doctor: " + errors + " error(s), " + warnings + " warning(s)");
  }
}
