package io.kxm.runtime.sync;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.retry.Backoff;
import io.kxm.core.sync.SyncLimits;
import java.time.Duration;

/**
 * How the pusher paces itself.
 *
 * @param batchSize rows per push, 1 to {@link SyncLimits#MAX_BATCH}
 * @param idle how long the loop waits when nothing was pending
 * @param backoffMin the first wait after a failed push; each further failure doubles it
 * @param backoffMax the longest wait between failed pushes
 * @param timeout how long one push may take, connecting included
 */
public record PushSettings(
    int batchSize, Duration idle, Duration backoffMin, Duration backoffMax, Duration timeout) {

  public PushSettings {
    if (batchSize < 1 || batchSize > SyncLimits.MAX_BATCH) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          "batchSize must be 1 to " + SyncLimits.MAX_BATCH + ", got " + batchSize);
    }
    if (idle.isNegative()
        || backoffMin.isNegative()
        || backoffMax.compareTo(backoffMin) < 0
        || timeout.isZero()
        || timeout.isNegative()) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          "push waits must be positive and backoffMax at least backoffMin");
    }
  }

  public static PushSettings defaults() {
    return new PushSettings(
        50,
        Duration.ofSeconds(2),
        Duration.ofSeconds(1),
        Duration.ofMinutes(5),
        Duration.ofSeconds(30));
  }

  public PushSettings withBatchSize(int size) {
    return new PushSettings(size, idle, backoffMin, backoffMax, timeout);
  }

  public PushSettings withWaits(Duration idle, Duration backoffMin, Duration backoffMax) {
    return new PushSettings(batchSize, idle, backoffMin, backoffMax, timeout);
  }

  /** The wait after {@code failures} failed pushes in a row (1 or more), doubling up to the cap. */
  Duration backoff(int failures) {
    return new Backoff(backoffMin, backoffMax).pause(failures);
  }
}
