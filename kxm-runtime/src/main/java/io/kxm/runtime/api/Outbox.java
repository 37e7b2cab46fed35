package io.kxm.runtime.api;

import java.util.List;

/**
 * The sync rows of one project's event store: one per event, committed with it. The sync pusher
 * reads pending rows in order and settles each as acknowledged or parked.
 */
public interface Outbox {

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
