package io.kxm.cli.setup;

import io.kxm.cli.CliContext;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kxm setup claude}: the kxm MCP server and SessionStart hook for Claude Code. */
@Command(
    name = "claude",
    mixinStandardHelpOptions = true,
    description = {
      "Configure Claude Code for this project.",
      "Writes the 'kxm' server (stdio 'kxm mcp --channel') into .mcp.json, and its approval and"
          + " the SessionStart hook into .claude/settings.local.json."
    })
public final class SetupClaudeCommand implements Callable<Integer> {
  private final CliContext context;

  @Mixin SetupOptions options = new SetupOptions();

  @Spec CommandSpec spec;

  public SetupClaudeCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    SetupContext setup = SetupContext.of(context, spec.commandLine(), options, "claude");
    return SetupRun.run(context, setup, ClaudeSetup.plan(setup));
  }
}
