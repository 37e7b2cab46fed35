package io.kxm.cli.setup;

import io.kxm.cli.CliContext;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code kxm setup pi}: the kxm extension listed in the project's Pi settings. */
@Command(
    name = "pi",
    mixinStandardHelpOptions = true,
    description = {
      "Configure Pi for this project.",
      "Lists the kxm extension (integrations/pi/index.ts of this kxm) in .pi/settings.json."
    })
public final class SetupPiCommand implements Callable<Integer> {
  private final CliContext context;

  @Mixin SetupOptions options = new SetupOptions();

  @Spec CommandSpec spec;

  public SetupPiCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    if (options.token != null) {
      throw new ParameterException(
          spec.commandLine(),
          "--token: Pi's settings hold no environment; start pi with KXM_AUTH_TOKEN set instead");
    }
    SetupContext setup = SetupContext.of(context, spec.commandLine(), options, "pi");
    return SetupRun.run(context, setup, PiSetup.plan(setup));
  }
}
