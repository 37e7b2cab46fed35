package io.kxm.core.agent;

import io.kxm.core.secret.Tokens;

/** Agent keys: issued once to the client, kept by the hub only as a SHA-256 hash. */
public final class AgentKeys {
  private static final String PREFIX = "kxm_agent_";

  private AgentKeys() {}

  public static String generate() {
    return Tokens.generate(PREFIX);
  }

  public static String hash(String key) {
    return Tokens.sha256Hex(key);
  }

  /** Constant-time check of a presented key against a stored hash; false for null input. */
  public static boolean matches(String storedHash, String presentedKey) {
    if (storedHash == null || presentedKey == null) {
      return false;
    }
    return Tokens.equal(storedHash, hash(presentedKey));
  }
}
