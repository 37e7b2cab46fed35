package io.kxm.cli.trust;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.trust.TrustDiff;
import io.kxm.runtime.trust.TrustEffect;
import io.kxm.runtime.trust.TrustReview;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code kxm trust check}: the diff as a gate for CI, failing when permissions widen. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Compare .kxm/ with a Git revision like 'kxm trust diff' and exit 1",
      "(trust_permissions_widened) when any change widens permissions, 0 otherwise."
    })
public final class TrustCheckCommand implements Callable<Integer> {
  private final CliContext context;

  @Mixin TrustOptions options = new TrustOptions();

  public TrustCheckCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    TrustDiff diff = TrustReview.diff(context.projectPaths().root(), options.base);
    TrustOutput.print(context.out(), diff, options.json);
    if (diff.widens()) {
      throw new KxmException(
          ErrorCode.TRUST_PERMISSIONS_WIDENED,
          diff.count(TrustEffect.WIDENING)
              + " change(s) of .kxm/ widen permissions against "
              + options.base);
    }
    return 0;
  }
}
