package io.kxm.session.provider;

import io.kxm.core.sse.SseFrame;
import tools.jackson.databind.JsonNode;

/** Folds one wire format's stream events into a {@link ModelReply}. */
interface StreamDecoder {

  /**
   * Takes one event.
   *
   * @throws io.kxm.core.error.KxmException {@code provider_failed} for an error event
   */
  void accept(SseFrame frame, JsonNode data);

  /** Whether the stream's closing event arrived. */
  boolean complete();

  /** Whether a body that ended cleanly here holds a whole answer; by default, {@link #complete}. */
  default boolean completeAtEnd() {
    return complete();
  }

  ModelReply reply();
}
