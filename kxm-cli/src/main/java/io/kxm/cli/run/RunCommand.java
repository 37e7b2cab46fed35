package io.kxm.cli.run;

import io.kxm.cli.CliContext;
import io.kxm.cli.PromptInput;
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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
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
      "this folder). The run pins the commit of .kxm/ that HEAD names and runs that tree,",
      "whatever the working tree holds later; a working tree that differs is refused unless",
      "--allow-dirty. Drive it with 'kxm runs drive <runId>'."
    })
public final class RunCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(index = "0", description = "The workflow ID.")
  String workflow;

  @Parameters(index = "1", arity = "0..1", description = "The run's prompt.")
  String prompt;

  @Option(
      names = "--prompt-file",
      paramLabel = "FILE",
      description = "Read the prompt from FILE ('-' for standard input) instead of an argument.")
  Path promptFile;

  @Option(
      names = "--allow-dirty",
      description = {
        "Run the working tree's .kxm/ when it differs from the commit HEAD names; the run",
        "records that it ran uncommitted files. Without it such a tree is refused."
      })
  boolean allowDirty;

  @Spec CommandSpec spec;

  @Option(names = "--json", description = "Print {\"runId\", \"status\", \"config\"} as JSON.")
  boolean json;

  public RunCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    String text = PromptInput.read(spec, prompt, promptFile, System.in);
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
    JsonNode run = Runs.connect(context).create(root.toString(), workflow, text, allowDirty);
    String runId = RunText.text(run, "runId");
    if (json) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("runId", runId);
      out.put("status", RunText.text(run, "status"));
      out.put("config", run.get("config"));
      context.out().println(Json.write(out));
    } else {
      context.out().println("run " + runId + " created (" + RunText.text(run, "status") + ")");
      RunText.configLine(run).ifPresent(context.out()::println);
      context.out().println("next: kxm runs drive " + runId);
    }
    context.out().flush();
    return 0;
  }
}
