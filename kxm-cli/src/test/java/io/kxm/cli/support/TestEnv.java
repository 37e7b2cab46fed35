package io.kxm.cli.support;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A clean environment for commands under test: user state and configuration in a temporary folder,
 * nothing inherited from the machine running the tests.
 */
public final class TestEnv {
  public static final String ADMIN = "test-admin-token-0123456789";
  public static final String ALPHA = "test-alpha-token-0123456789";
  public static final String BETA = "test-beta-token-01234567890";

  private TestEnv() {}

  public static Map<String, String> of(Path dir) {
    Map<String, String> env = new HashMap<>();
    env.put("HOME", dir.resolve("home").toString());
    env.put("KXM_STATE_HOME", dir.resolve("state").toString());
    env.put("KXM_USER_CONFIG_DIR", dir.resolve("config").toString());
    env.put("KXM_LOGS_DIR", dir.resolve("logs").toString());
    env.put("KXM_PORT", "0");
    env.put("KXM_SHUTDOWN_GRACE_MS", "5000");
    return env;
  }

  /** A hub environment with the admin token and projects alpha and beta. */
  public static Map<String, String> hub(Path dir) {
    Map<String, String> env = of(dir);
    env.put("KXM_AUTH_TOKEN", ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + ALPHA + ",beta=" + BETA);
    return env;
  }

  /** An agent's environment: the hub at {@code url}, project alpha with its token, a name. */
  public static Map<String, String> agent(Path dir, String url, String name) {
    Map<String, String> env = of(dir);
    env.put("KXM_SERVER_URL", url);
    env.put("KXM_PROJECT", "alpha");
    env.put("KXM_AUTH_TOKEN", ALPHA);
    env.put("KXM_AGENT_NAME", name);
    return env;
  }
}
