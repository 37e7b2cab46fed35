package io.kxm.cli.agent.worker;

/**
 * How one harness turn of a request ended, as the supervisor recorded it.
 *
 * @param runId the session run, or null when none was queued
 * @param status the run's end status ({@code completed}, {@code failed}, {@code cancelled}, {@code
 *     interrupted}), or {@code refused} when the supervisor would not queue it
 * @param finalMessage the answer, for a completed run
 * @param error the stable code of a run that did not complete
 */
record TurnResult(String runId, String status, String finalMessage, String error) {
  static final String COMPLETED = "completed";
  static final String CANCELLED = "cancelled";
  static final String REFUSED = "refused";

  boolean completed() {
    return COMPLETED.equals(status);
  }

  boolean cancelled() {
    return CANCELLED.equals(status);
  }
}
