package io.kxm.session.provider;

import java.io.Closeable;

/** Hears a streamed model call as it happens. */
public interface ModelListener {

  /** A piece of the answer's text, in order. */
  void text(String delta);

  /**
   * The response body is open; closing it ends the call at once, which is how a cancelled turn
   * stops a stream that is waiting for the provider.
   */
  default void opened(Closeable body) {}
}
