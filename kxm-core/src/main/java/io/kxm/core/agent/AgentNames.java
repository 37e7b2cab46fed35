package io.kxm.core.agent;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The names an agent may register under. A name is 1 to 80 letters, digits, '.', '_' or '-' with at
 * least one letter or digit, so that {@code .}, {@code ..} and {@code -} never name an agent. Names
 * are compared ignoring case. The names the hub uses for its own agents are reserved: a client may
 * not register them in any letter case, so nobody can take over the hub's identity.
 */
public final class AgentNames {
  /** The hub's agent that sends workflow prompts; replies to it drive workflow runs. */
  public static final String WORKFLOWS = "kxm-workflows";

  /** Every name the hub registers for itself, in {@link Agent#nameKey} form. */
  public static final Set<String> RESERVED = Set.of(WORKFLOWS);

  public static final String RULE =
      "an agent name is 1 to 80 letters, digits, '.', '_' or '-', with at least one letter or digit";

  private static final Pattern VALID = Pattern.compile("(?=.*[A-Za-z0-9])[A-Za-z0-9._-]{1,80}");
  private static final Pattern SHORT_LIVED = Pattern.compile("(?:cli|mcp)-[0-9]{1,10}");

  private AgentNames() {}

  public static boolean isValid(String name) {
    return name != null && VALID.matcher(name).matches();
  }

  /** Whether the hub keeps {@code name} for itself, in any letter case. */
  public static boolean isReserved(String name) {
    return name != null && RESERVED.contains(Agent.nameKey(name));
  }

  /**
   * Whether {@code name} is one a short-lived command makes up from its process id ({@code
   * cli-<pid>}, {@code mcp-<pid>}) when no agent name is set.
   */
  public static boolean isShortLived(String name) {
    return name != null && SHORT_LIVED.matcher(Agent.nameKey(name)).matches();
  }

  /**
   * Returns {@code name} stripped, or refuses it: {@code invalid_request} for a malformed name,
   * {@code name_reserved} for one the hub keeps for itself.
   */
  public static String requireClaimable(String name) {
    String stripped = name == null ? "" : name.strip();
    if (!isValid(stripped)) {
      String shown = stripped.length() > 80 ? stripped.substring(0, 80) + "…" : stripped;
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "invalid agent name '" + shown + "': " + RULE);
    }
    if (isReserved(stripped)) {
      throw new KxmException(
          ErrorCode.NAME_RESERVED,
          "the agent name '"
              + stripped
              + "' is reserved for the hub's own agent "
              + stripped.toLowerCase(Locale.ROOT)
              + " and may not be registered by a client");
    }
    return stripped;
  }
}
