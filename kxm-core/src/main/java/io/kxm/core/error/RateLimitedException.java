package io.kxm.core.error;

import java.time.Duration;
import java.util.Objects;

/**
 * A {@link ErrorCode#RATE_LIMITED} refusal that knows when trying again can succeed; the HTTP layer
 * sends it as {@code Retry-After}.
 */
public final class RateLimitedException extends KxmException {
  private final Duration retryAfter;

  public RateLimitedException(String message, Duration retryAfter) {
    super(ErrorCode.RATE_LIMITED, message);
    this.retryAfter = Objects.requireNonNull(retryAfter, "retryAfter");
  }

  public Duration retryAfter() {
    return retryAfter;
  }

  /** {@link #retryAfter()} in whole seconds, rounded up, at least 1: the {@code Retry-After}. */
  public long retryAfterSeconds() {
    return seconds(retryAfter);
  }

  /** {@code wait} in whole seconds, rounded up, at least 1. */
  public static long seconds(Duration wait) {
    long whole = wait.toSeconds();
    boolean part = wait.minusSeconds(whole).isPositive();
    return Math.max(1, part ? whole + 1 : whole);
  }
}
