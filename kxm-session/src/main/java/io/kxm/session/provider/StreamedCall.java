package io.kxm.session.provider;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Drives a decoder over an open event stream until its closing event, or fails the call. */
final class StreamedCall {
  /** The most one line or one event of a provider's stream may hold before the call fails. */
  static final int MAX_EVENT_BYTES = 16 * 1024 * 1024;

  private StreamedCall() {}

  static ModelReply read(ProviderHttp http, InputStream body, StreamDecoder decoder) {
    try (body) {
      SseReader reader = new SseReader(body, MAX_EVENT_BYTES, MAX_EVENT_BYTES);
      SseFrame frame;
      while (!decoder.complete() && (frame = reader.next()) != null) {
        if (frame.data() == null) {
          continue;
        }
        if (frame.data().equals("[DONE]")) {
          decoder.accept(frame, null);
          continue;
        }
        JsonNode data;
        try {
          data = Json.read(frame.data());
        } catch (JacksonException e) {
          throw http.failed("the stream sent an event that is not JSON: " + cut(frame.data()), e);
        }
        decoder.accept(frame, data);
      }
    } catch (IOException e) {
      throw http.failed("the stream broke before the answer was complete: " + describe(e), e);
    } catch (IllegalStateException e) {
      throw http.failed("the answer broke a limit: " + e.getMessage(), e);
    }
    if (!decoder.completeAtEnd()) {
      throw http.failed("the stream ended before the answer was complete", null);
    }
    return decoder.reply();
  }

  /** A position in the answer; anything but a small whole number counts as the first. */
  static int index(JsonNode node) {
    return node.isIntegralNumber() && node.canConvertToInt() ? node.intValue() : 0;
  }

  /** The most text one answer may hold. */
  static final int MAX_TEXT_CHARS = 4 * 1024 * 1024;

  /**
   * Adds a piece of the answer's text.
   *
   * @throws IllegalStateException past {@link #MAX_TEXT_CHARS}
   */
  static void appendText(StringBuilder text, String piece) {
    if (text.length() + piece.length() > MAX_TEXT_CHARS) {
      throw new IllegalStateException("the answer's text passes " + MAX_TEXT_CHARS + " characters");
    }
    text.append(piece);
  }

  private static String describe(IOException e) {
    return ProviderHttp.describe(e);
  }

  private static String cut(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "…";
  }
}
