package io.kxm.core.context;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each role reads first and how many tokens its packet gets by default. Roles that reproduce
 * or verify need facts and little else; planners and implementers need the whole picture; a custom
 * role gets the largest default because nothing is known about what it needs.
 */
public final class RoleBudgets {
  private static final int CUSTOM_BUDGET = 32_000;

  private static final Map<String, Integer> BUDGETS =
      Map.of(
          "repro", 8_000,
          "verifier", 8_000,
          "critic", 12_000,
          "planner", 16_000,
          "implementer", 16_000);

  /** Kinds in the order a role prefers them; earlier kinds rank higher in its packet. */
  private static final Map<String, List<ContextKind>> PREFERENCES =
      Map.of(
          "repro",
          List.of(ContextKind.EVIDENCE, ContextKind.EPISODE, ContextKind.STATE),
          "verifier",
          List.of(ContextKind.EVIDENCE, ContextKind.STATE, ContextKind.EPISODE),
          "critic",
          List.of(ContextKind.EVIDENCE, ContextKind.EPISODE, ContextKind.KNOWLEDGE),
          "planner",
          List.of(ContextKind.STATE, ContextKind.KNOWLEDGE, ContextKind.EPISODE, ContextKind.SKILL),
          "implementer",
          List.of(
              ContextKind.SKILL, ContextKind.KNOWLEDGE, ContextKind.STATE, ContextKind.EVIDENCE));

  private RoleBudgets() {}

  /** The default budget of {@code role}: a known role's, else the custom default. */
  public static int defaultFor(String role) {
    return BUDGETS.getOrDefault(role.toLowerCase(Locale.ROOT), CUSTOM_BUDGET);
  }

  /** Whether {@code role} is one of the five built-in roles. */
  public static boolean isBuiltIn(String role) {
    return BUDGETS.containsKey(role.toLowerCase(Locale.ROOT));
  }

  /**
   * How much {@code role} prefers {@code kind}: 1.0 for its first kind down to 0.25, and 0 for a
   * kind it does not list (custom roles treat every kind alike, at 0.5).
   */
  public static double preference(String role, ContextKind kind) {
    List<ContextKind> order = PREFERENCES.get(role.toLowerCase(Locale.ROOT));
    if (order == null) {
      return 0.5;
    }
    int index = order.indexOf(kind);
    return index < 0 ? 0 : 1.0 - 0.25 * index;
  }
}
