package io.kxm.cli.config;

import io.kxm.cli.CliContext;
import io.kxm.runtime.config.StarterConfig;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kxm init}: writes a commented starter {@code .kxm/} that validates as written. */
@Command(
    name = "init",
    mixinStandardHelpOptions = true,
    description = {
      "Write a commented starter .kxm/: project.yaml, one agent, routes.yaml, gates.yaml and an",
      "example workflow. Refuses when .kxm/ already holds a configuration, unless --force."
    })
public final class InitCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--force", description = "Replace an existing configuration.")
  boolean force;

  public InitCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    List<String> written = StarterConfig.write(context.projectPaths().root(), force);
    written.forEach(file -> context.out().println("wrote " + file));
    context.out().println("next: review the files, then run 'kxm config validate'");
    context.out().flush();
    return 0;
  }
}
