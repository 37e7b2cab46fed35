package io.kxm.core.reserve;

import java.time.Duration;

/** Limits on reservations. */
public final class ReservationLimits {
  /** Globs in one reservation: enough for a change's files, few enough to compare every pair. */
  public static final int GLOBS_MAX = 32;

  public static final int REASON_MAX = 500;
  public static final Duration MIN_TTL = Duration.ofSeconds(10);
  public static final Duration MAX_TTL = Duration.ofDays(1);
  public static final Duration DEFAULT_TTL = Duration.ofMinutes(30);

  /** Live reservations one project may hold at once; each reserve compares against all of them. */
  public static final int LIVE_PER_PROJECT_MAX = 1_000;

  /** How long an ended reservation stays on record, so a stale token is recognised as stale. */
  public static final Duration RETENTION_AFTER_END = Duration.ofDays(7);

  private ReservationLimits() {}
}
