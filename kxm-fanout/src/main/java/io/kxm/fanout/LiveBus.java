package io.kxm.fanout;

/**
 * Live fan-out of stream events between the parts of one hub, or between hub nodes. It is never a
 * source of truth: an event is published only after the store committed it, a subscriber
 * de-duplicates by sequence number, and whenever delivery may have skipped events (a lost Redis
 * connection, a slow reader) the subscriber is told to replay from the store. Events cross only
 * inside one process; between nodes only wake-ups travel, and the subscriber reads the events from
 * the store.
 */
public interface LiveBus extends AutoCloseable {

  /** Publishes an event that the store already holds; never blocks on slow subscribers. */
  void publish(String stream, long seq, String envelopeJson);

  /** Follows one stream until the returned subscription is closed. */
  Subscription subscribe(String stream, LiveListener listener);

  /** Messages heard from other nodes and dropped as malformed, since the bus opened. */
  default long droppedWakeups() {
    return 0;
  }

  @Override
  void close();

  /** An open subscription; closing it stops delivery. */
  interface Subscription extends AutoCloseable {
    @Override
    void close();
  }
}
