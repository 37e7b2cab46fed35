package io.kxm.cli.backup;

import io.kxm.cli.CliContext;
import io.kxm.cli.backup.BackupCheck.Finding;
import io.kxm.cli.backup.BackupCheck.Report;
import io.kxm.cli.backup.Restorer.Action;
import io.kxm.cli.backup.Restorer.Step;
import io.kxm.cli.stores.StoreInventory;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.supervisor.SupervisorLock;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code kxm restore <dir>}: put a checked backup back for the project in this folder. */
@Command(
    name = "restore",
    mixinStandardHelpOptions = true,
    description = {
      "Restore a backup 'kxm backup' took into the project in this folder and this user state",
      "root. The backup is verified first; a damaged one is refused. Refused while the hub of",
      "this project or the runtime supervisor runs. Each replaced file is kept beside itself as",
      "<file>.before-restore-<UTC time>. A copy from an older build is migrated forward when its",
      "store next opens. --dry-run shows the plan and changes nothing. See docs/backup.md."
    })
public final class RestoreCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(index = "0", paramLabel = "DIR", description = "The backup folder.")
  Path dir;

  @Option(names = "--dry-run", description = "Show what would be replaced; change nothing.")
  boolean dryRun;

  @Option(names = "--json", description = "Print the plan and its outcome as one JSON object.")
  boolean json;

  public RestoreCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Path folder = context.workingDir().resolve(dir).normalize();
    Report report = new BackupCheck().verify(folder);
    if (!report.ok()) {
      Finding first = report.findings().getFirst();
      throw new KxmException(
          first.code(),
          "the backup "
              + folder
              + " failed its check ("
              + report.findings().size()
              + " findings; first: "
              + first.store()
              + ": "
              + first.message()
              + "); nothing was restored. See 'kxm backup verify "
              + folder
              + "'");
    }
    Restorer restorer = new Restorer(StoreInventory.of(context));
    List<Step> steps = restorer.plan(report);
    List<Path> asides = List.of();
    Optional<SupervisorLock> lock = restorer.refuseRunningOwners(steps, !dryRun);
    try {
      if (!dryRun) {
        asides = restorer.apply(folder, steps, Clock.systemUTC().instant());
      }
    } finally {
      lock.ifPresent(SupervisorLock::close);
    }
    if (json) {
      context.out().println(Json.write(toJson(folder, steps, asides)));
    } else {
      print(folder, steps, asides);
    }
    context.out().flush();
    return 0;
  }

  private void print(Path folder, List<Step> steps, List<Path> asides) {
    context.out().println((dryRun ? "would restore " : "restored ") + folder + ":");
    for (Step step : steps) {
      String verb =
          switch (step.action()) {
            case REPLACE -> dryRun ? "would replace" : "replaced";
            case ADD -> dryRun ? "would add" : "added";
            case SKIP -> "skipped";
          };
      context
          .out()
          .println(
              "  "
                  + verb
                  + " "
                  + step.entry().name()
                  + (step.target() == null ? "" : " " + step.target())
                  + (step.note() == null ? "" : " (" + step.note() + ")"));
    }
    if (dryRun) {
      context
          .out()
          .println(
              "nothing was changed (dry run); each replaced file would be kept as"
                  + " <file>.before-restore-<UTC time>");
    } else {
      for (Path aside : asides) {
        context.out().println("  kept " + aside);
      }
      context
          .out()
          .println(
              "start the hub and supervisor again: stores from an older build"
                  + " are migrated on their first open");
    }
  }

  private Map<String, Object> toJson(Path folder, List<Step> steps, List<Path> asides) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("dir", folder.toString());
    out.put("dryRun", dryRun);
    List<Map<String, Object>> plan = new ArrayList<>();
    for (Step step : steps) {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("store", step.entry().name());
      s.put("action", step.action().name().toLowerCase(Locale.ROOT));
      if (step.target() != null) {
        s.put("target", step.target().toString());
      }
      if (step.note() != null) {
        s.put("note", step.note());
      }
      plan.add(s);
    }
    out.put("steps", plan);
    out.put("keptAside", asides.stream().map(Path::toString).toList());
    out.put("restored", dryRun ? 0 : steps.stream().filter(s -> s.action() != Action.SKIP).count());
    return out;
  }
}
