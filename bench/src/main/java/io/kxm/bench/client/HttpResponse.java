package io.kxm.bench.client;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/** A whole response: status, lower-case headers, body. */
public record HttpResponse(int status, Map<String, String> headers, byte[] body) {
  public String text() {
    return new String(body, StandardCharsets.UTF_8);
  }

  /** Throws with the status and the start of the body unless the status is the one expected. */
  public HttpResponse expect(int expected, String what) {
    if (status != expected) {
      String start = text();
      throw new IllegalStateException(
          what
              + " answered "
              + status
              + " instead of "
              + expected
              + ": "
              + (start.length() > 300 ? start.substring(0, 300) + "…" : start));
    }
    return this;
  }
}
