package io.kxm.cli.session.watch;

import java.time.Duration;

/**
 * How a watch retries a lost stream: up to {@code attempts} tries in a row that bring no event,
 * pausing {@code first}, then twice as long each time up to {@code max}.
 */
record Backoff(int attempts, Duration first, Duration max) {
  static final Backoff DEFAULT = new Backoff(8, Duration.ofMillis(250), Duration.ofSeconds(4));

  Backoff {
    if (attempts < 1 || first.isNegative() || max.compareTo(first) < 0) {
      throw new IllegalArgumentException(
          "backoff needs attempts >= 1 and 0 <= first <= max: "
              + attempts
              + ", "
              + first
              + ", "
              + max);
    }
  }

  /** The pause before try {@code failure} (1-based) of a row of failed tries. */
  Duration pause(int failure) {
    Duration pause = first;
    for (int i = 1; i < failure && pause.compareTo(max) < 0; i++) {
      pause = pause.multipliedBy(2);
    }
    return pause.compareTo(max) > 0 ? max : pause;
  }
}
