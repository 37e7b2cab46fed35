package io.kxm.runtime.api;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.List;

/**
 * The sync rows of one project's event store: one per event, committed with it. The sync pusher
 * reads pending rows in order and settles each as acknowledged or parked.
 */
public interface Outbox {
  /** The most rows one {@link #pending} call returns. */
  int MAX_PAGE = 1_000;

  /**
   * Checks a page size given to {@link #pending}, the same way for every backend.
   *
   * @throws KxmException {@code value_out_of_range} outside 1 to {@value #MAX_PAGE}
   */
  static int checkedPage(int limit) {
    if (limit < 1 || limit > MAX_PAGE) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          "outbox page size must be 1 to " + MAX_PAGE + ", got " + limit);
    }
    return limit;
  }

  /** Rows neither acknowledged nor parked, oldest first. */
  List<OutboxRow> pending(int limit);

  void acknowledge(long rowId);

  /** Parks a row the hub durably refused; it is not offered again until {@link #unpark()}. */
  void park(long rowId, String code, String message);

  /** Offers every parked row again ({@code kxm runtime sync-retry}); returns how many. */
  int unpark();

  /** Counts of pending, acknowledged and parked rows, for status output. */
  OutboxCounts counts();

  record OutboxCounts(long pending, long acknowledged, long parked) {}
}
