package io.kxm.hub.sync;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the hub did with one pushed event, in the order they were sent.
 *
 * @param runId and {@code sequence} as the event named them, when it named them in the right shape
 * @param outcome {@code accepted}, {@code duplicate} or {@code refused}
 * @param code the error code of a refusal, such as {@code sync_event_conflict}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record SyncResult(
    int index, String runId, Long sequence, String outcome, String code, String message) {

  static SyncResult accepted(int index, String runId, long sequence) {
    return new SyncResult(index, runId, sequence, "accepted", null, null);
  }

  static SyncResult duplicate(int index, String runId, long sequence) {
    return new SyncResult(index, runId, sequence, "duplicate", null, null);
  }

  static SyncResult refused(int index, String runId, Long sequence, String code, String message) {
    return new SyncResult(index, runId, sequence, "refused", code, message);
  }
}
