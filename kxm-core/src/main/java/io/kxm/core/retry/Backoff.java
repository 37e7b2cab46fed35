package io.kxm.core.retry;

import dev.failsafe.Execution;
import dev.failsafe.RetryPolicy;
import dev.failsafe.RetryPolicyBuilder;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The one way a loop waits between failed tries: {@code first}, then twice as long each time, up to
 * {@code max}. The waits and the retry decisions come from a Failsafe {@link RetryPolicy}; the
 * caller does the waiting itself, so it can stay interruptible, wake early or run on a test's
 * clock.
 */
public record Backoff(Duration first, Duration max) {
  public Backoff {
    Objects.requireNonNull(first, "first");
    Objects.requireNonNull(max, "max");
    if (first.isNegative() || max.compareTo(first) < 0) {
      throw new IllegalArgumentException(
          "backoff needs 0 <= first <= max: first " + first + ", max " + max);
    }
  }

  /**
   * A policy that retries the failures {@code retryable} accepts, for at most {@code attempts}
   * tries in all ({@code -1}: no limit).
   */
  public <R> RetryPolicy<R> policy(int attempts, Predicate<Throwable> retryable) {
    if (attempts < 1 && attempts != -1) {
      throw new IllegalArgumentException("attempts must be -1 or at least 1, got " + attempts);
    }
    RetryPolicyBuilder<R> builder =
        RetryPolicy.<R>builder()
            .handleIf((Throwable failure) -> retryable.test(failure))
            .withMaxAttempts(attempts);
    // Failsafe's delays must be positive; a zero start never grows, so it keeps the policy's
    // default of no delay.
    if (first.equals(max) && first.isPositive()) {
      builder.withDelay(first);
    } else if (first.isPositive()) {
      builder.withBackoff(first, max, 2.0);
    }
    return builder.build();
  }

  /**
   * One row of tries under {@link #policy}: record each failure, then wait {@link
   * Execution#getDelay()} unless {@link Execution#isComplete()} says to stop.
   */
  public <R> Execution<R> tries(int attempts, Predicate<Throwable> retryable) {
    return Execution.of(this.<R>policy(attempts, retryable));
  }

  /** The wait after {@code failures} failed tries in a row (1 or more). */
  public Duration pause(int failures) {
    if (failures < 1) {
      throw new IllegalArgumentException("failures must be at least 1, got " + failures);
    }
    Execution<Object> tries = tries(-1, failure -> true);
    RuntimeException failed = new IllegalStateException("failed try");
    Duration pause = Duration.ZERO;
    for (int i = 0; i < failures; i++) {
      tries.recordException(failed);
      pause = tries.getDelay();
      if (pause.compareTo(max) >= 0) {
        return max;
      }
    }
    return pause;
  }
}
