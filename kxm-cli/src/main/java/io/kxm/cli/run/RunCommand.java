package io.kxm.cli.run;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.config.ConfigError;
import io.kxm.runtime.config.ConfigLoader;
import io.kxm.runtime.config.ConfigReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm run <workflow> [prompt]}: checks the project's {@code .kxm/} and records a new run
 * through the runtime supervisor, starting the supervisor when none runs. Nothing executes yet;
 * {@code kxm runs drive} does that.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Create a run of a workflow from .kxm/workflows/ in this project (the Git top level, else",
      "this folder). The run pins the revisions of .kxm/ it starts from; drive it with",
      "'kxm runs drive <runId>'."
    })
public final class RunCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(index = "0", description = "The workflow ID.")
  String workflow;

  @Parameters(index = "1", arity = "0..1", description = "The run's prompt.")
  String prompt;

  @Option(names = "--json", description = "Print {\"runId\", \"status\"} as JSON.")
  boolean json;

  public RunCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Path root = ProjectRoot.of(context);
    if (!Files.isDirectory(root.resolve(".kxm"))) {
      throw new KxmException(ErrorCode.CONFIG_NOT_FOUND, "no .kxm/ folder in " + root);
    }
    ConfigReport report = ConfigLoader.check(root);
    if (!report.valid()) {
      for (ConfigError e : report.errors()) {
        context.err().println(e);
      }
      throw new KxmException(
          report.hasLegacyJson() ? ErrorCode.CONFIG_LEGACY_JSON : ErrorCode.CONFIG_TREE_INVALID,
          report.errors().size() + " error(s) in .kxm/ of " + root);
    }
    JsonNode run = Runs.connect(context).create(root.toString(), workflow, prompt);
    String runId = RunText.text(run, "runId");
    if (json) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("runId", runId);
      out.put("status", RunText.text(run, "status"));
      context.out().println(Json.write(out));
    } else {
      context.out().println("run " + runId + " created (" + RunText.text(run, "status") + ")");
      context.out().println("next: kxm runs drive " + runId);
    }
    context.out().flush();
    return 0;
  }
}
