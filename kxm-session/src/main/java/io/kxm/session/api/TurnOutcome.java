package io.kxm.session.api;

/**
 * How a turn's harness ended, normalized the same way for every harness.
 *
 * @param outcome {@code success} (a final message), {@code recovered} (no final message but
 *     streamed text, which becomes it), {@code error} (non-zero exit, signal or harness error) or
 *     {@code silent_failure} (a success-like exit with no output, no tool calls and no tokens,
 *     never scored as success)
 * @param exitCode the process exit status; -1 when it was killed
 * @param finalMessage the message the run completes with; null unless success or recovered
 * @param error a stable code when the outcome is not a success; null otherwise
 */
public record TurnOutcome(String outcome, int exitCode, String finalMessage, String error) {
  public static final String SUCCESS = "success";
  public static final String RECOVERED = "recovered";
  public static final String ERROR = "error";
  public static final String SILENT_FAILURE = "silent_failure";

  public boolean succeeded() {
    return outcome.equals(SUCCESS) || outcome.equals(RECOVERED);
  }
}
