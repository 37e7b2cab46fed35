package io.kxm.hub.ops;

import io.kxm.core.settings.EnvSettings;
import java.time.Duration;
import java.util.Map;

/**
 * Settings of the operations log. {@link #fromEnvironment} reads them once at start.
 *
 * @param retention how long entries are kept ({@code KXM_OPS_RETENTION_MS}, 24 h)
 * @param purgeInterval how often entries past the retention window are deleted: a tenth of the
 *     retention, at most 60 s
 * @param presenceCheck how often agents' presence is compared with what the log last said (1 s)
 */
public record OpsSettings(Duration retention, Duration purgeInterval, Duration presenceCheck) {
  private static final Duration KEEP_MIN = Duration.ofSeconds(1);
  private static final Duration KEEP_MAX = Duration.ofDays(365);
  private static final Duration TICK_MIN = Duration.ofMillis(10);

  public OpsSettings {
    range("KXM_OPS_RETENTION_MS", retention, KEEP_MIN, KEEP_MAX);
    range("ops purge interval", purgeInterval, TICK_MIN, Duration.ofHours(1));
    range("ops presence check", presenceCheck, TICK_MIN, Duration.ofMinutes(1));
  }

  public static OpsSettings defaults() {
    Duration retention = Duration.ofHours(24);
    return new OpsSettings(retention, purgeFor(retention), Duration.ofSeconds(1));
  }

  /** A short window is purged often enough that entries never outlive it by much. */
  private static Duration purgeFor(Duration retention) {
    Duration tenth = retention.dividedBy(10);
    return tenth.compareTo(Duration.ofSeconds(60)) > 0 ? Duration.ofSeconds(60) : tenth;
  }

  /** The defaults, overridden by {@code KXM_OPS_RETENTION_MS} when it is set. */
  public static OpsSettings fromEnvironment(Map<String, String> env) {
    OpsSettings d = defaults();
    Duration retention =
        EnvSettings.of(env).millis("KXM_OPS_RETENTION_MS", d.retention, KEEP_MIN, KEEP_MAX);
    return new OpsSettings(retention, purgeFor(retention), d.presenceCheck);
  }

  /** Quicker housekeeping, for tests. */
  public OpsSettings withHousekeeping(Duration value) {
    return new OpsSettings(retention, value, value);
  }

  public OpsSettings withRetention(Duration value) {
    return new OpsSettings(value, purgeFor(value), presenceCheck);
  }

  private static void range(String name, Duration value, Duration min, Duration max) {
    if (value == null || value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw EnvSettings.invalid(
          name, "must be from " + min.toMillis() + " to " + max.toMillis() + " ms, got " + value);
    }
  }
}
