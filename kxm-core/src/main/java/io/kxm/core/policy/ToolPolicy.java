package io.kxm.core.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kxm.core.error.ErrorCode;
import java.util.List;

/**
 * Which agent tools may run. {@code deny} wins over everything; a preset blocks its set; a
 * non-empty {@code allow} lets only the tools it names run. See {@link ToolNamePattern} for how
 * entries name tools.
 *
 * @param allow when non-empty, only these tools run
 * @param deny these tools never run
 * @param preset a named block list, or null
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record ToolPolicy(List<String> allow, List<String> deny, Preset preset) {

  /** Entries per list; a policy is a short list of names, never a data set. */
  public static final int MAX_ENTRIES = 64;

  public static final ToolPolicy ALLOW_ALL = new ToolPolicy(List.of(), List.of(), null);

  public ToolPolicy {
    allow = entries("allow", allow);
    deny = entries("deny", deny);
  }

  public static ToolPolicy readOnly() {
    return new ToolPolicy(List.of(), List.of(), Preset.READ_ONLY);
  }

  /**
   * Decides one call.
   *
   * @param tool the full tool name
   * @param source where this policy came from; under an attempt token {@code kxm_promote} also
   *     needs an allow entry that names it exactly
   */
  public PolicyDecision decide(String tool, PolicySource source) {
    String hint = source.clearHint();
    for (String entry : deny) {
      if (ToolNamePattern.matches(entry, tool)) {
        return denied(tool + " is denied by the deny entry '" + entry + "'", source, hint);
      }
    }
    if (preset != null && preset.blocks(tool)) {
      return denied(tool + " is blocked by the " + preset.wire() + " preset", source, hint);
    }
    if (!allow.isEmpty()
        && allow.stream().noneMatch(entry -> ToolNamePattern.matches(entry, tool))) {
      return denied(tool + " is not in the allow list " + allow, source, hint);
    }
    if (source.isAttempt()
        && "kxm_promote".equals(tool)
        && allow.stream().noneMatch(entry -> ToolNamePattern.namesExactly(entry, tool))) {
      return new PolicyDecision.Denied(
          ErrorCode.ATTEMPT_TOKEN_ADMIN_DENIED,
          "kxm_promote needs an allow entry naming it under an attempt token (" + source + ")",
          ErrorCode.ATTEMPT_TOKEN_ADMIN_DENIED.hint());
    }
    return PolicyDecision.ALLOWED;
  }

  private static PolicyDecision denied(String reason, PolicySource source, String hint) {
    return new PolicyDecision.Denied(
        ErrorCode.TOOL_POLICY_DENIED, reason + " (policy from " + source + ")", hint);
  }

  private static List<String> entries(String field, List<String> given) {
    if (given == null) {
      return List.of();
    }
    if (given.size() > MAX_ENTRIES) {
      throw new IllegalArgumentException(
          field + " has " + given.size() + " entries; the limit is " + MAX_ENTRIES);
    }
    for (String entry : given) {
      if (entry == null || entry.isBlank() || entry.length() > 128) {
        throw new IllegalArgumentException(field + " entries must be 1 to 128 characters");
      }
    }
    return given.stream().map(ToolNamePattern::normalize).toList();
  }
}
