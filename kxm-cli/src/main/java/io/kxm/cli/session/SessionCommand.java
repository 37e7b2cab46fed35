package io.kxm.cli.session;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/**
 * {@code kxm session}: agent sessions on the runtime supervisor, and the token that limits which
 * kxm tools agent sessions on this machine may call.
 */
@Command(
    name = "session",
    mixinStandardHelpOptions = true,
    description = {
      "Agent sessions on the runtime supervisor: create one with an agent command (new), send it",
      "prompts (run), read them back (list, show) and stop what is left (cancel). Each prompt",
      "becomes a run; follow one with 'kxm runs watch'.",
      "Also the session token (token) that limits which kxm tools agent sessions on this machine",
      "may call."
    },
    subcommands = {
      SessionNewCommand.class,
      SessionRunCommand.class,
      SessionCancelCommand.class,
      SessionCloseCommands.Close.class,
      SessionCloseCommands.Delete.class,
      SessionReadCommands.List.class,
      SessionReadCommands.Show.class,
      SessionTokenCommand.class
    })
public final class SessionCommand extends GroupCommand {}
