package io.kxm.cli.config;

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

/**
 * {@code kxm config validate}: checks every file under {@code .kxm/} and lists every problem at
 * once, each with its file, line and rule, so one review round can fix them all.
 */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Check .kxm/ (project, agents, models, workflows, gates, routes, roles) against its schemas",
      "and the rules between files. Exits 1 listing every error, 0 when the tree is valid."
    })
public final class ConfigValidateCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--json", description = "Print the result as JSON on stdout.")
  boolean json;

  public ConfigValidateCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Path root = context.projectPaths().root();
    if (!Files.isDirectory(root.resolve(".kxm"))) {
      throw new KxmException(ErrorCode.CONFIG_NOT_FOUND, "no .kxm/ folder in " + root);
    }
    ConfigReport report = ConfigLoader.check(root);
    if (json) {
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("valid", report.valid());
      body.put("files", report.files());
      body.put("errors", report.errors());
      context.out().println(Json.write(body));
    } else if (report.valid()) {
      context.out().println(".kxm/ is valid (" + report.files() + " files)");
    } else {
      for (ConfigError e : report.errors()) {
        context.err().println(e);
      }
    }
    context.out().flush();
    if (report.valid()) {
      return 0;
    }
    ErrorCode code =
        report.hasLegacyJson() ? ErrorCode.CONFIG_LEGACY_JSON : ErrorCode.CONFIG_TREE_INVALID;
    throw new KxmException(code, report.errors().size() + " error(s) in .kxm/ of " + root);
  }
}
