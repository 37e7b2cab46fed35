package io.kxm.core.lease;

import java.time.Duration;

/** Limits on leases. */
public final class LeaseLimits {
  public static final int RESOURCE_CHARS = 200;
  public static final int HOLDER_CHARS = 128;
  public static final Duration MIN_TTL = Duration.ofSeconds(1);
  public static final Duration MAX_TTL = Duration.ofDays(1);

  /** How long an ended lease is kept so its fencing token never starts over. */
  public static final Duration RETENTION_AFTER_DEADLINE = Duration.ofDays(7);

  private LeaseLimits() {}
}
