package io.kxm.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A clock that tests move by hand: {@code clock.tick(Duration.ofMinutes(5))}. */
public final class SettableClock extends Clock {
  private final AtomicReference<Instant> now;

  public SettableClock(Instant start) {
    this.now = new AtomicReference<>(start);
  }

  public static SettableClock atEpochSecond(long seconds) {
    return new SettableClock(Instant.ofEpochSecond(seconds));
  }

  public void tick(Duration step) {
    now.updateAndGet(current -> current.plus(step));
  }

  public void set(Instant instant) {
    now.set(instant);
  }

  @Override
  public Instant instant() {
    return now.get();
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
