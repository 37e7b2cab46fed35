package io.kxm.cli.runtime;

import java.util.Map;

/** Settings the runtime commands read from the environment. */
final class RuntimeSettings {
  private RuntimeSettings() {}

  /** {@code KXM_SHUTDOWN_GRACE_MS}, the supervisor's drain period; 10 s when unset or unusable. */
  static long graceMillis(Map<String, String> env) {
    String value = env.get("KXM_SHUTDOWN_GRACE_MS");
    try {
      return value == null ? 10_000 : Math.max(0, Long.parseLong(value.strip()));
    } catch (NumberFormatException e) {
      return 10_000;
    }
  }
}
