package io.kxm.hub.fanout;

/** Receives what a {@link LiveBus} carries for one stream. Calls must return quickly. */
public interface LiveListener {

  /** An event committed to the store, in publish order per node. */
  void onEvent(long seq, String envelopeJson);

  /**
   * Live delivery may have missed events (for example the connection to Redis dropped and came
   * back): read the store after the last sequence number seen before trusting live events again.
   */
  void onGap();
}
