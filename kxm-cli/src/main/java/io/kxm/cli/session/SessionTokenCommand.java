package io.kxm.cli.session;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import io.kxm.core.policy.Preset;
import io.kxm.core.policy.SessionTokens;
import io.kxm.core.policy.ToolPolicies;
import io.kxm.core.policy.ToolPolicy;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kxm session token --issue | --clear | --status}: the signed tool-policy token that {@code
 * kxm mcp} and {@code kxm peer} obey, kept owner-only in the user configuration folder.
 */
@Command(
    name = "token",
    mixinStandardHelpOptions = true,
    description = {
      "Issue, clear or show the session token that limits which kxm tools may run.",
      "The token is signed with this machine's session key, so a process cannot widen its own"
          + " policy by writing one. KXM_ATTEMPT_TOKEN and KXM_SESSION_TOKEN win over the file."
    })
public final class SessionTokenCommand implements Callable<Integer> {
  private final CliContext context;

  @Spec CommandSpec spec;

  @ArgGroup(multiplicity = "1")
  Action action;

  /** Exactly one of the three. */
  static final class Action {
    @Option(names = "--issue", required = true, description = "Sign a token and save it (0600).")
    boolean issue;

    @Option(names = "--clear", required = true, description = "Remove the saved token.")
    boolean clear;

    @Option(names = "--status", required = true, description = "Show the policy in force.")
    boolean status;
  }

  @Option(names = "--preset", paramLabel = "NAME", description = "With --issue: read-only.")
  String preset;

  @Option(
      names = "--allow",
      paramLabel = "TOOL",
      split = ",",
      description = "With --issue: only these tools run (kxm_send, send, kxm_*, …).")
  List<String> allow = new ArrayList<>();

  @Option(
      names = "--deny",
      paramLabel = "TOOL",
      split = ",",
      description = "With --issue: these tools never run; wins over --allow.")
  List<String> deny = new ArrayList<>();

  @Option(
      names = "--ttl",
      paramLabel = "DURATION",
      converter = TtlConverter.class,
      description = "With --issue: lifetime like 8h or 7d (default 24h).")
  Duration ttl;

  @Option(names = "--json", description = "Print the outcome as one JSON object.")
  boolean json;

  public SessionTokenCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (!action.issue && (preset != null || !allow.isEmpty() || !deny.isEmpty() || ttl != null)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--preset, --allow, --deny and --ttl go with --issue only");
    }
    Path file = ToolPolicies.sessionTokenFile(context.env());
    if (action.issue) {
      issue(file);
    } else if (action.clear) {
      clear(file);
    } else {
      PolicyStatus.print(context, ToolPolicyLoader.load(context), json);
    }
    return 0;
  }

  private void issue(Path file) {
    ToolPolicy policy;
    try {
      policy = new ToolPolicy(allow, deny, preset == null ? null : Preset.fromWire(preset));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    Duration lifetime = ttl == null ? SessionTokens.DEFAULT_TTL : ttl;
    Instant now = Clock.systemUTC().instant();
    String token =
        SessionTokens.issue(policy, lifetime, context.statePaths().sessionKey(), Clock.systemUTC());
    ToolPolicies.saveSessionToken(file, token);
    Instant expires = now.plus(lifetime);
    if (json) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("file", file.toString());
      out.put("expiresAt", expires.toString());
      out.put("policy", policy);
      out.put("token", token);
      context.out().println(Json.write(out));
    } else {
      context.out().println("session token saved to " + file + " (mode 0600)");
      context.out().println("  policy:  " + PolicyStatus.describe(policy));
      context.out().println("  expires: " + expires);
    }
    PolicyStatus.warnIfShadowed(context);
  }

  private void clear(Path file) {
    boolean removed = ToolPolicies.clearSessionToken(file);
    if (json) {
      context.out().println(Json.write(Map.of("file", file.toString(), "removed", removed)));
    } else {
      context.out().println((removed ? "removed " : "no session token at ") + file);
    }
    PolicyStatus.warnIfShadowed(context);
  }
}
