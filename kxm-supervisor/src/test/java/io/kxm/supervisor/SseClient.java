package io.kxm.supervisor;

import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * A test's SSE client over java.net.http: reads the raw {@code id:}, {@code event:} and {@code
 * data:} lines of one stream frame by frame. Closing it drops the connection.
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
  private final Stream<String> lines;
  private final Iterator<String> iterator;
  private final List<String> comments = new ArrayList<>();

  private SseClient(int status, Stream<String> lines) {
    this.status = status;
    this.lines = lines;
    this.iterator = lines.iterator();
  }

  static SseClient open(String url, String token, Map<String, String> headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url))
            .header("Accept", "text/event-stream")
            .header("Authorization", "Bearer " + token);
    headers.forEach(request::header);
    HttpResponse<Stream<String>> response =
        CLIENT.send(request.GET().build(), HttpResponse.BodyHandlers.ofLines());
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
    StringBuilder body = new StringBuilder();
    iterator.forEachRemaining(body::append);
    return Json.read(body.toString());
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
    Long id = null;
    String event = null;
    String data = null;
    while (iterator.hasNext()) {
      String line = iterator.next();
      if (line.isEmpty()) {
        if (data != null) {
          return new Frame(id == null ? -1 : id, event, Json.read(data));
        }
      } else if (line.startsWith(":")) {
        comments.add(line.substring(1).strip());
      } else if (line.startsWith("id: ")) {
        id = Long.parseLong(line.substring(4));
      } else if (line.startsWith("event: ")) {
        event = line.substring(7);
      } else if (line.startsWith("data: ")) {
        data = line.substring(6);
      } else {
        throw new AssertionError("not an SSE line: " + line);
      }
    }
    return null;
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
    lines.close();
  }
}
