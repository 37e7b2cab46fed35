package io.kxm.session.harness;

import io.kxm.session.api.TurnInput;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The environment a harness process gets: the supervisor's own, less every variable whose name
 * looks like it holds a credential, plus the turn's identity. A harness is any program a session
 * names, so it gets no credential of the supervisor's by accident; one that needs a credential
 * reads it from its own configuration. A workflow step's turn also gets the variables its step adds
 * (the hub's URL and its leases' fencing tokens).
 */
public final class HarnessEnvironment {
  /** Case-insensitive parts of a variable name that keep the variable from a harness. */
  public static final List<String> WITHHELD_NAME_PARTS =
      List.of("TOKEN", "SECRET", "KEY", "PASSWORD", "PASSWD", "CREDENTIAL");

  public static final String SESSION_ID = "KXM_SESSION_ID";
  public static final String RUN_ID = "KXM_RUN_ID";
  public static final String WORKSPACE_ROOT = "KXM_WORKSPACE_ROOT";

  /**
   * {@code session}, {@code read-only} or {@code write}: what the turn may do to the workspace
   * ({@link io.kxm.session.api.WorkspaceAccess}); a command harness is the operator's program, so
   * it is told, and keeps to it itself.
   */
  public static final String WORKSPACE_ACCESS = "KXM_WORKSPACE_ACCESS";

  private HarnessEnvironment() {}

  /** The environment for {@code input}'s turn, built from {@code supervisor}'s. */
  public static Map<String, String> forTurn(Map<String, String> supervisor, TurnInput input) {
    Map<String, String> env = new TreeMap<>();
    supervisor.forEach((name, value) -> {
      if (!withheld(name)) {
        env.put(name, value);
      }
    });
    env.put(SESSION_ID, input.sessionId());
    env.put(RUN_ID, input.runId());
    env.put(WORKSPACE_ROOT, input.workspaceRoot());
    env.put(WORKSPACE_ACCESS, input.access().wireName());
    env.putAll(input.stepEnvironment());
    return env;
  }

  /** Whether a variable named {@code name} is kept from harnesses. */
  public static boolean withheld(String name) {
    String upper = name.toUpperCase(Locale.ROOT);
    return WITHHELD_NAME_PARTS.stream().anyMatch(upper::contains);
  }
}
