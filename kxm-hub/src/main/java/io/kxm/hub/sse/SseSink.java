package io.kxm.hub.sse;

import java.io.IOException;

/**
 * The client end of one SSE connection. Frames may be buffered until {@link #flush}, so that a
 * batch of events costs one write to the network; writes block while the client is slow.
 */
public interface SseSink {
  void event(long seq, String json) throws IOException;

  /** A named control event without an id, such as {@code cursor_expired}. */
  void control(String name, String json) throws IOException;

  void comment(String text) throws IOException;

  /** Sends every frame written so far. A sink that writes through has nothing to do. */
  default void flush() throws IOException {}

  /**
   * Drops the connection from another thread, so that a write blocked on a client that reads
   * nothing fails at once. Must not block.
   */
  void abort();
}
