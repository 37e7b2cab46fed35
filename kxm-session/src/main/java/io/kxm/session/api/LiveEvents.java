package io.kxm.session.api;

/**
 * Live fan-out of committed events inside the supervisor. Publishing never blocks on a subscriber:
 * each subscription has a bounded buffer, and one that overflows is closed and told so, after which
 * its client resumes by replay.
 */
public interface LiveEvents {

  /**
   * Starts delivering events that {@code key} matches and that are published from now on.
   *
   * @param capacity how many undelivered events the subscription may hold before it is cut
   */
  Subscription subscribe(StreamKey key, int capacity);

  /** Subscribers currently held, for health output and tests. */
  int subscribers();

  /** One subscriber's buffer of live events. */
  interface Subscription extends AutoCloseable {

    /**
     * The next event, waiting up to {@code timeoutMillis}; null on timeout.
     *
     * @throws Overflowed once the buffer overflowed; the subscription is then closed
     */
    SessionEvent poll(long timeoutMillis) throws InterruptedException, Overflowed;

    /** Takes up to {@code max} events that are already buffered, without waiting. */
    java.util.List<SessionEvent> drain(int max) throws Overflowed;

    boolean isClosed();

    @Override
    void close();
  }

  /** Thrown to a subscriber that fell behind by more than its buffer. */
  final class Overflowed extends Exception {
    public Overflowed() {
      super("the subscriber fell behind and was cut; resume by replay", null, false, false);
    }
  }
}
