package io.kxm.cli.session;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import io.kxm.core.policy.ActivePolicy;
import io.kxm.core.policy.PolicyDecision;
import io.kxm.core.policy.ToolPolicies;
import io.kxm.core.policy.ToolPolicy;
import io.kxm.core.tool.ToolCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Prints which tool policy is in force, and what it allows of the catalog. */
final class PolicyStatus {
  private PolicyStatus() {}

  static void print(CliContext context, ActivePolicy active, boolean json) {
    Map<String, Object> out = new LinkedHashMap<>();
    switch (active) {
      case ActivePolicy.Open open -> out.put("state", "open");
      case ActivePolicy.Restricted restricted -> {
        out.put("state", "restricted");
        out.put("source", restricted.source().toString());
        out.put("expiresAt", restricted.expiresAt().toString());
        out.put("policy", restricted.policy());
      }
      case ActivePolicy.Blocked blocked -> {
        out.put("state", "blocked");
        out.put("source", blocked.source().toString());
        out.put("reason", blocked.reason());
        out.put("next", blocked.source().clearHint());
      }
    }
    Map<String, String> tools = new LinkedHashMap<>();
    for (String tool : ToolCatalog.standard().names()) {
      tools.put(tool, active.check(tool) instanceof PolicyDecision.Allowed ? "allowed" : "denied");
    }
    out.put("tools", tools);
    if (json) {
      context.out().println(Json.write(out));
      return;
    }
    switch (active) {
      case ActivePolicy.Open open ->
          context.out().println("no tool policy: every kxm tool may run");
      case ActivePolicy.Restricted restricted -> {
        context.out().println("tool policy from " + restricted.source());
        context.out().println("  policy:  " + describe(restricted.policy()));
        context.out().println("  expires: " + restricted.expiresAt());
      }
      case ActivePolicy.Blocked blocked -> {
        context
            .out()
            .println(
                "every kxm tool is blocked: the token in " + blocked.source() + " is not usable");
        context.out().println("  reason: " + blocked.reason());
        context.out().println("  next:   " + blocked.source().clearHint());
      }
    }
    List<String> denied = new ArrayList<>();
    tools.forEach((tool, verdict) -> {
      if (verdict.equals("denied")) {
        denied.add(tool);
      }
    });
    if (!(active instanceof ActivePolicy.Open)) {
      context
          .out()
          .println("  denied:  " + (denied.isEmpty() ? "none" : String.join(", ", denied)));
    }
  }

  static String describe(ToolPolicy policy) {
    List<String> parts = new ArrayList<>();
    if (policy.preset() != null) {
      parts.add("preset " + policy.preset().wire());
    }
    if (!policy.allow().isEmpty()) {
      parts.add("allow " + String.join(", ", policy.allow()));
    }
    if (!policy.deny().isEmpty()) {
      parts.add("deny " + String.join(", ", policy.deny()));
    }
    return parts.isEmpty() ? "every tool allowed" : String.join("; ", parts);
  }

  /** A token in the environment wins over the file, which surprises after --issue or --clear. */
  static void warnIfShadowed(CliContext context) {
    for (String variable : List.of(ToolPolicies.ATTEMPT_TOKEN, ToolPolicies.SESSION_TOKEN)) {
      String value = context.env().get(variable);
      if (value != null && !value.isBlank()) {
        context
            .err()
            .println("note: " + variable + " is set in this environment and wins over the file");
        return;
      }
    }
  }
}
