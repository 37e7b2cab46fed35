package io.kxm.hub.support;

import io.kxm.hub.HubConfig;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Hub settings for tests: port 0, state and logs under a temporary folder, fixed tokens. */
public final class TestHubs {
  public static final String ADMIN = "test-admin-token-0123456789";
  public static final String ALPHA = "test-alpha-token-0123456789";
  public static final String BETA = "test-beta-token-01234567890";

  private TestHubs() {}

  /** Environment of a fresh hub in {@code dir}, without tokens. */
  public static Map<String, String> env(Path dir) {
    Map<String, String> env = new HashMap<>();
    env.put("KXM_STATE_HOME", dir.resolve("state").toString());
    env.put("KXM_LOGS_DIR", dir.resolve("logs").toString());
    env.put("KXM_PORT", "0");
    env.put("KXM_SHUTDOWN_GRACE_MS", "5000");
    return env;
  }

  /** A fresh hub in {@code dir}: no tokens given, so the first start generates the admin token. */
  public static HubConfig fresh(Path dir) {
    return HubConfig.fromEnvironment(env(dir), dir.resolve("project"));
  }

  /** A hub with the admin token {@link #ADMIN} and projects alpha and beta. */
  public static HubConfig withTokens(Path dir) {
    Map<String, String> env = env(dir);
    env.put("KXM_AUTH_TOKEN", ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + ALPHA + ",beta=" + BETA);
    return HubConfig.fromEnvironment(env, dir.resolve("project"));
  }
}
