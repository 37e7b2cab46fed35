package io.kxm.cli.setup;

import io.kxm.cli.CliContext;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kxm setup codex}: the kxm MCP server and SessionStart hook for the Codex CLI. */
@Command(
    name = "codex",
    mixinStandardHelpOptions = true,
    description = {
      "Configure Codex for this project.",
      "Writes [mcp_servers.kxm] (stdio 'kxm mcp') into .codex/config.toml and the SessionStart"
          + " hook into .codex/hooks.json; with --user, the same in ~/.codex (or CODEX_HOME)."
    })
public final class SetupCodexCommand implements Callable<Integer> {
  private final CliContext context;

  @Mixin SetupOptions options = new SetupOptions();

  @Spec CommandSpec spec;

  @Option(
      names = "--user",
      description =
          "Write the user's ~/.codex/config.toml and hooks.json instead of the project's.")
  boolean user;

  public SetupCodexCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    SetupContext setup = SetupContext.of(context, spec.commandLine(), options, "codex");
    return SetupRun.run(context, setup, CodexSetup.plan(setup, user));
  }
}
