package io.kxm.hub.context;

import io.kxm.core.context.ContextLimits;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of the context layer, read once at start.
 *
 * @param retention how long superseded, rejected and expired items stay readable for {@code asOf}
 *     before the purge deletes them ({@code KXM_CONTEXT_RETENTION_MS}, 7 days)
 * @param purgeInterval how often expiry and the retention purge run ({@code
 *     KXM_CONTEXT_PURGE_INTERVAL_MS}, 60 s)
 */
public record ContextSettings(Duration retention, Duration purgeInterval) {

  public ContextSettings {
    Objects.requireNonNull(retention, "retention");
    Objects.requireNonNull(purgeInterval, "purgeInterval");
  }

  public static ContextSettings defaults() {
    return new ContextSettings(ContextLimits.RETENTION_DEFAULT, Duration.ofSeconds(60));
  }

  public static ContextSettings fromEnvironment(Map<String, String> env) {
    ContextSettings d = defaults();
    return new ContextSettings(
        millis(env, "KXM_CONTEXT_RETENTION_MS", d.retention),
        millis(env, "KXM_CONTEXT_PURGE_INTERVAL_MS", d.purgeInterval));
  }

  public ContextSettings withPurgeInterval(Duration value) {
    return new ContextSettings(retention, value);
  }

  public ContextSettings withRetention(Duration value) {
    return new ContextSettings(value, purgeInterval);
  }

  private static Duration millis(Map<String, String> env, String name, Duration fallback) {
    String value = env.get(name);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    try {
      long ms = Long.parseLong(value.trim());
      if (ms >= 1) {
        return Duration.ofMillis(ms);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new KxmException(
        ErrorCode.CONFIG_INVALID, name + " must be a whole number of milliseconds, got " + value);
  }
}
