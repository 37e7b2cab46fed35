package io.kxm.cli.setup;

import picocli.CommandLine.Option;

/** The options every {@code kxm setup} command takes. */
final class SetupOptions {
  @Option(
      names = "--project",
      paramLabel = "P",
      description = "Project on the hub (default: KXM_PROJECT, .kxm/config.yaml, the folder name).")
  String project;

  @Option(
      names = "--name",
      paramLabel = "N",
      description = "The agent's name on the hub (default: the agent CLI's name).")
  String name;

  @Option(names = "--purpose", paramLabel = "T", description = "What this agent is for.")
  String purpose;

  @Option(names = "--dry-run", description = "Show the change and write nothing.")
  boolean dryRun;

  @Option(names = "--json", description = "Print the change as JSON on stdout.")
  boolean json;

  @Option(
      names = "--token",
      paramLabel = "TOKEN",
      description = {
        "Write this project token into the configuration. Refused for a file Git tracks or does",
        "not ignore; without it kxm mcp reads the saved token or KXM_AUTH_TOKEN."
      })
  String token;
}
