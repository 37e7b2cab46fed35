package io.kxm.cli.session;

import io.kxm.cli.CliContext;
import io.kxm.core.policy.ActivePolicy;
import io.kxm.core.policy.ToolPolicies;
import java.time.Clock;

/** The tool policy for this process, read as every KXM surface reads it. */
public final class ToolPolicyLoader {
  private ToolPolicyLoader() {}

  public static ActivePolicy load(CliContext context) {
    return ToolPolicies.load(
        context.env(),
        ToolPolicies.sessionTokenFile(context.env()),
        context.statePaths().sessionKey(),
        Clock.systemUTC());
  }
}
