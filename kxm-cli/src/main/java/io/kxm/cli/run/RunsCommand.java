package io.kxm.cli.run;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm runs}: inspect, drive and steer the runtime runs of this project. */
@Command(
    name = "runs",
    mixinStandardHelpOptions = true,
    description = {
      "Inspect, drive and steer runtime runs. Each command talks to the runtime supervisor and",
      "starts it when none runs; runs are found by ID across every project it hosts.",
      "Session runs (srun_...) take status, watch, cancel, approve, deny and answer."
    },
    subcommands = {
      RunsReadCommands.List.class,
      RunsReadCommands.Status.class,
      RunsWatchCommand.class,
      RunsActionCommands.Drive.class,
      RunsReadCommands.ReceiptCmd.class,
      RunsReadCommands.Verify.class,
      RunsActionCommands.Cancel.class,
      RunsInteractionCommands.Approve.class,
      RunsInteractionCommands.Deny.class,
      RunsInteractionCommands.Answer.class,
      RunsActionCommands.Recover.class,
      RunsActionCommands.Clean.class
    })
public final class RunsCommand extends GroupCommand {}
