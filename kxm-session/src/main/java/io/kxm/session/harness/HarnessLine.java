package io.kxm.session.harness;

import io.kxm.session.api.HarnessOutput;

/**
 * What one stdout line of a harness means: an output for the run's listener, or the harness
 * reporting that the turn failed. A malformed line is an {@link Output} holding a {@link
 * HarnessOutput.ProtocolError}.
 */
public sealed interface HarnessLine {

  /** A line the run records as an event. */
  record Output(HarnessOutput output) implements HarnessLine {}

  /** An {@code error} line: the turn failed, for the reason in {@code message} (cut, redacted). */
  record ReportedError(String message) implements HarnessLine {}
}
