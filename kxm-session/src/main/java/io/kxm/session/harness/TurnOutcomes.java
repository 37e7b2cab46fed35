package io.kxm.session.harness;

import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.TurnOutcome;

/**
 * Decides how a turn ended from what its harness reported and how its process exited, the same way
 * for every harness (docs/harness-protocol.md, "How a turn ends"). An adapter feeds it each output
 * in order from one thread, then asks for the outcome once the process has exited.
 */
public final class TurnOutcomes {
  public static final String HARNESS_EXIT_NONZERO = "harness_exit_nonzero";
  public static final String HARNESS_REPORTED_ERROR = "harness_reported_error";
  public static final String SILENT_FAILURE = "silent_failure";
  public static final String CANCELLED = "cancelled";

  /** The exit code of a process the supervisor ended. */
  public static final int KILLED = -1;

  /** Streamed text kept for a recovered final message; a turn streaming more keeps the start. */
  public static final int MAX_RECOVERED_CHARS = 1024 * 1024;

  private final StringBuilder streamed = new StringBuilder();
  private String finalMessage;
  private boolean acted;
  private String reportedError;

  /** Takes one output into account; protocol errors count for nothing. */
  public void observe(HarnessOutput output) {
    switch (output) {
      case HarnessOutput.Delta delta -> {
        String text = delta.text();
        int take = Math.min(MAX_RECOVERED_CHARS - streamed.length(), text.length());
        if (take > 0 && take < text.length() && Character.isHighSurrogate(text.charAt(take - 1))) {
          take--; // never keep half of a character
        }
        streamed.append(text, 0, take);
      }
      case HarnessOutput.Final message -> finalMessage = message.text();
      case HarnessOutput.ToolCall call -> acted = true;
      case HarnessOutput.ToolResult result -> acted = true;
      case HarnessOutput.Usage usage -> acted = true;
      case HarnessOutput.InteractionRequest request -> acted = true;
      case HarnessOutput.ProtocolError error -> {
        // a malformed line is recorded elsewhere and neither saves nor fails the turn
      }
    }
  }

  /** Records that the harness reported a failure; the first report is kept. */
  public void observeError(String message) {
    if (reportedError == null) {
      reportedError = message;
    }
  }

  /** The message of the harness's first {@code error} line; null when it wrote none. */
  public String reportedError() {
    return reportedError;
  }

  /**
   * The outcome of a turn whose process exited with {@code exitCode}.
   *
   * @param cancelled whether the supervisor ended the process; the exit code is then {@link
   *     #KILLED}
   */
  public TurnOutcome outcome(int exitCode, boolean cancelled) {
    if (cancelled) {
      return new TurnOutcome(TurnOutcome.ERROR, KILLED, null, CANCELLED);
    }
    if (reportedError != null) {
      return new TurnOutcome(TurnOutcome.ERROR, exitCode, null, HARNESS_REPORTED_ERROR);
    }
    if (exitCode != 0) {
      return new TurnOutcome(TurnOutcome.ERROR, exitCode, null, HARNESS_EXIT_NONZERO);
    }
    if (finalMessage != null) {
      return new TurnOutcome(TurnOutcome.SUCCESS, 0, finalMessage, null);
    }
    if (!streamed.isEmpty() || acted) {
      return new TurnOutcome(TurnOutcome.RECOVERED, 0, streamed.toString(), null);
    }
    return new TurnOutcome(TurnOutcome.SILENT_FAILURE, 0, null, SILENT_FAILURE);
  }
}
