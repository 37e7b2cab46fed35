package io.kxm.session.api;

import java.util.function.Consumer;

/**
 * Runs one turn of a session as a child process. Outputs reach {@code listener} in the order the
 * harness wrote them, on a thread of the harness; the listener must not block for long.
 */
public interface Harness {

  /**
   * Starts the turn.
   *
   * @throws io.kxm.core.error.KxmException {@code harness_start_failed} when the process cannot
   *     start
   */
  HarnessTurn start(TurnInput input, Consumer<HarnessOutput> listener);
}
