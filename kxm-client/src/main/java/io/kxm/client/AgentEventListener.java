package io.kxm.client;

import io.kxm.core.error.KxmException;

/** Receives an agent's events, on the follower's thread, in sequence order, each once. */
public interface AgentEventListener {

  void onEvent(AgentEvent event);

  /**
   * The resume point was older than anything the hub still keeps, so events were missed; re-read
   * the state (the inbox) instead.
   */
  default void onCursorExpired(long firstRetainedSeq) {}

  /** The stream ended for good, for example because another session took over the agent's key. */
  default void onStopped(KxmException reason) {}
}
