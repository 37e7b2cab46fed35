package io.kxm.cli.trust;

import io.kxm.cli.CliContext;
import io.kxm.runtime.trust.TrustReview;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code kxm trust diff}: every change of {@code .kxm/}, classified. */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description = {
      "Print a structured permission diff of .kxm/ (working tree) against a Git revision:",
      "each change of every file, routes, roles and prices included, marked widening,",
      "narrowing or neutral with its reason. Exits 0 whatever the diff holds."
    })
public final class TrustDiffCommand implements Callable<Integer> {
  private final CliContext context;

  @Mixin TrustOptions options = new TrustOptions();

  public TrustDiffCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    TrustOutput.print(
        context.out(), TrustReview.diff(context.projectPaths().root(), options.base), options.json);
    return 0;
  }
}
