package io.kxm.supervisor;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A test's SSE client over java.net.http: reads one stream frame by frame through the one {@link
 * SseReader}, keeping its comments. Closing it drops the connection.
 */
final class SseClient implements AutoCloseable {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** One event frame as it came over the wire. */
  record Frame(long id, String event, JsonNode data) {
    String type() {
      return data.path("type").asString();
    }

    String runId() {
      return data.path("runId").asString();
    }
  }

  private final int status;
  private final InputStream body;
  private final List<String> comments = new ArrayList<>();
  private final SseReader reader;

  private SseClient(int status, InputStream body) {
    this.status = status;
    this.body = body;
    this.reader = new SseReader(body, 1 << 20, 1 << 20).onComment(c -> comments.add(c.strip()));
  }

  static SseClient open(String url, String token, Map<String, String> headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url))
            .header("Accept", "text/event-stream")
            .header("Authorization", "Bearer " + token);
    headers.forEach(request::header);
    HttpResponse<InputStream> response =
        CLIENT.send(request.GET().build(), HttpResponse.BodyHandlers.ofInputStream());
    return new SseClient(response.statusCode(), response.body());
  }

  static SseClient open(String url, String token) throws IOException, InterruptedException {
    return open(url, token, Map.of());
  }

  int status() {
    return status;
  }

  /** The body of a refused call, read whole. */
  JsonNode error() {
    try {
      return Json.read(new String(body.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  List<String> comments() {
    return comments;
  }

  /**
   * The next event frame, skipping comments; null when the server ended the response normally.
   *
   * @throws UncheckedIOException when the connection broke mid-stream
   */
  Frame next() {
    try {
      for (SseFrame frame = reader.next(); frame != null; frame = reader.next()) {
        if (frame.data() != null) {
          long id = frame.id() == null ? -1 : Long.parseLong(frame.id());
          return new Frame(id, frame.event(), Json.read(frame.data()));
        }
      }
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every frame up to the normal end of the response. */
  List<Frame> rest() {
    List<Frame> frames = new ArrayList<>();
    for (Frame f = next(); f != null; f = next()) {
      frames.add(f);
    }
    return frames;
  }

  @Override
  public void close() {
    try {
      body.close();
    } catch (IOException e) {
      // dropping the connection is all a close wants
    }
  }
}
