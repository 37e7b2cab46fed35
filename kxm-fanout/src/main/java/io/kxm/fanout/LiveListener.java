package io.kxm.fanout;

/** Receives what a {@link LiveBus} carries for one stream. Calls must return quickly. */
public interface LiveListener {

  /**
   * An event this hub process committed to the store, handed over in process, in publish order.
   * Only a trusted source calls this: never anything heard from another node.
   */
  void onEvent(long seq, String envelopeJson);

  /**
   * Another node says the stream may hold events up to {@code seq}. The claim is unverified (anyone
   * able to publish on Redis can make it): read the store after the last sequence number delivered,
   * and deliver only what the store holds.
   */
  void onWake(long seq);

  /**
   * Live delivery may have missed events (for example the connection to Redis dropped and came
   * back): read the store after the last sequence number seen before trusting live events again.
   */
  void onGap();
}
