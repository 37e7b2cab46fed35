package io.kxm.hub.context;

import io.kxm.core.context.ContextLimits;
import io.kxm.core.settings.EnvSettings;
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
  private static final Duration FOREVER = Duration.ofMillis(Long.MAX_VALUE);

  public ContextSettings {
    Objects.requireNonNull(retention, "retention");
    Objects.requireNonNull(purgeInterval, "purgeInterval");
  }

  public static ContextSettings defaults() {
    return new ContextSettings(ContextLimits.RETENTION_DEFAULT, Duration.ofSeconds(60));
  }

  public static ContextSettings fromEnvironment(Map<String, String> env) {
    ContextSettings d = defaults();
    EnvSettings read = EnvSettings.of(env);
    return new ContextSettings(
        millis(read, "KXM_CONTEXT_RETENTION_MS", d.retention),
        millis(read, "KXM_CONTEXT_PURGE_INTERVAL_MS", d.purgeInterval));
  }

  public ContextSettings withPurgeInterval(Duration value) {
    return new ContextSettings(retention, value);
  }

  public ContextSettings withRetention(Duration value) {
    return new ContextSettings(value, purgeInterval);
  }

  private static Duration millis(EnvSettings read, String name, Duration fallback) {
    return read.millis(name, fallback, Duration.ofMillis(1), FOREVER);
  }
}
