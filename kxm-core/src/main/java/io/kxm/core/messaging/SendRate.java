package io.kxm.core.messaging;

/**
 * The courtesy limit on how fast one agent sends requests: a token bucket that holds {@code burst}
 * sends and refills at {@code perMinute}. Every request stored takes one token; a send finding the
 * bucket empty is refused. A rate of 0 turns the limit off.
 *
 * <p>A bucket is kept as one moment, the time it would be full again: with that moment {@code full}
 * and the time {@code now}, the bucket holds {@code burst - (max(full, now) - now) / interval}
 * tokens. Taking one moves the moment one interval on.
 *
 * @param perMinute sends per minute the bucket refills with, 0 to {@link #MAX_PER_MINUTE}; 0 is off
 * @param burst sends the full bucket holds, 1 to {@link #MAX_BURST}
 */
public record SendRate(long perMinute, long burst) {
  public static final long MAX_PER_MINUTE = 6_000_000;
  public static final long MAX_BURST = 100_000;
  private static final long MICROS_PER_MINUTE = 60_000_000;

  public SendRate {
    if (perMinute < 0 || perMinute > MAX_PER_MINUTE) {
      throw new IllegalArgumentException(
          "perMinute must be from 0 to " + MAX_PER_MINUTE + ", got " + perMinute);
    }
    if (burst < 1 || burst > MAX_BURST) {
      throw new IllegalArgumentException("burst must be from 1 to " + MAX_BURST + ", got " + burst);
    }
  }

  public static SendRate off() {
    return new SendRate(0, 1);
  }

  public boolean enabled() {
    return perMinute > 0;
  }

  /** Microseconds one token takes to come back. */
  public long intervalMicros() {
    requireEnabled();
    return MICROS_PER_MINUTE / perMinute;
  }

  /**
   * How far past now the full-again moment may lie for a token to remain: {@code burst - 1}
   * intervals.
   */
  public long toleranceMicros() {
    return (burst - 1) * intervalMicros();
  }

  private void requireEnabled() {
    if (!enabled()) {
      throw new IllegalStateException("the send rate limit is off");
    }
  }
}
