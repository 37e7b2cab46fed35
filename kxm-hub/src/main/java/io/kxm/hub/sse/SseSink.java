package io.kxm.hub.sse;

import java.io.IOException;

/** The client end of one SSE connection. Writes block while the client is slow. */
public interface SseSink {
  void event(long seq, String json) throws IOException;

  /** A named control event without an id, such as {@code cursor_expired}. */
  void control(String name, String json) throws IOException;

  void comment(String text) throws IOException;

  /**
   * Drops the connection from another thread, so that a write blocked on a client that reads
   * nothing fails at once. Must not block.
   */
  void abort();
}
