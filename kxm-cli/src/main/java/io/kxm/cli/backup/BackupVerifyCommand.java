package io.kxm.cli.backup;

import io.kxm.cli.CliContext;
import io.kxm.cli.backup.BackupCheck.Finding;
import io.kxm.cli.backup.BackupCheck.Report;
import io.kxm.core.json.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code kxm backup verify <dir>}: is this backup whole, and can this build open every copy. */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = {
      "Check a backup folder: its manifest, the size and SHA-256 of every copy, and an",
      "integrity check and schema version of every SQLite copy. Exit code 0 when all pass,",
      "1 when something is damaged (each finding has its code)."
    })
public final class BackupVerifyCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(index = "0", paramLabel = "DIR", description = "The backup folder.")
  Path dir;

  @Option(names = "--json", description = "Print the result as one JSON object.")
  boolean json;

  public BackupVerifyCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Path folder = context.workingDir().resolve(dir).normalize();
    Report report = new BackupCheck().verify(folder);
    if (json) {
      context.out().println(Json.write(toJson(report)));
    } else {
      long copies =
          report.manifest().stores().stream().filter(BackupManifest.Entry::copied).count();
      for (Finding finding : report.findings()) {
        context
            .out()
            .println(
                "error: "
                    + finding.code().code()
                    + ": "
                    + finding.store()
                    + ": "
                    + finding.message());
      }
      if (report.ok()) {
        context
            .out()
            .println(
                "backup "
                    + folder
                    + " is whole: "
                    + copies
                    + " copies checked ("
                    + report.manifest().version()
                    + ", "
                    + report.manifest().createdAt()
                    + ")");
      } else {
        context
            .out()
            .println(
                "backup "
                    + folder
                    + " is damaged: "
                    + report.findings().size()
                    + " of "
                    + copies
                    + " copies failed");
        context.out().println(report.findings().getFirst().code().hint());
      }
    }
    context.out().flush();
    return report.ok() ? 0 : 1;
  }

  static Map<String, Object> toJson(Report report) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("dir", report.dir().toString());
    out.put("ok", report.ok());
    out.put("version", report.manifest().version());
    out.put("createdAt", report.manifest().createdAt().toString());
    out.put(
        "copies", report.manifest().stores().stream().filter(BackupManifest.Entry::copied).count());
    List<Map<String, Object>> findings = new ArrayList<>();
    for (Finding finding : report.findings()) {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("store", finding.store());
      f.put("code", finding.code().code());
      f.put("message", finding.message());
      findings.add(f);
    }
    out.put("findings", findings);
    return out;
  }
}
