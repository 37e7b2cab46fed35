package io.kxm.testkit.http;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Reads server-sent events frame by frame from a raw response body, keeping the {@code id:}, {@code
 * event:} and {@code data:} lines exactly as the server wrote them.
 */
public final class SseFrames implements Closeable {
  private final BufferedReader reader;

  /** One frame; comments (heartbeats) are skipped. */
  public record Frame(String id, String event, String data) {}

  public SseFrames(InputStream body) {
    this.reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
  }

  /** The next frame, or empty when the stream ended. */
  public Optional<Frame> next() throws IOException {
    String id = null;
    String event = null;
    StringBuilder data = null;
    String line;
    while ((line = reader.readLine()) != null) {
      if (line.isEmpty()) {
        if (data != null || event != null) {
          return Optional.of(new Frame(id, event, data == null ? null : data.toString()));
        }
        continue;
      }
      if (line.startsWith(":")) {
        continue;
      }
      int colon = line.indexOf(':');
      String field = colon < 0 ? line : line.substring(0, colon);
      String value = colon < 0 ? "" : line.substring(colon + 1).stripLeading();
      switch (field) {
        case "id" -> id = value;
        case "event" -> event = value;
        case "data" ->
            data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
        default -> {}
      }
    }
    return Optional.empty();
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
