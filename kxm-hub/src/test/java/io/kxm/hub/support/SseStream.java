package io.kxm.hub.support;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * A raw SSE client for tests: reads the response through the one {@link SseReader} on its own
 * thread, keeps every raw line, and hands out complete frames ({@code id:}, {@code event:}, {@code
 * data:}) in order.
 */
public final class SseStream implements AutoCloseable {
  private static final Frame END = new Frame(null, null, null);
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final HttpResponse<InputStream> response;
  private final BlockingQueue<Frame> frames = new LinkedBlockingQueue<>();
  private final List<String> lines = new CopyOnWriteArrayList<>();
  private volatile boolean ended;

  private SseStream(HttpResponse<InputStream> response) {
    this.response = response;
    if (response.statusCode() == 200) {
      Thread.ofVirtual().name("test-sse-reader").start(this::read);
    }
  }

  /** Opens the stream; returns once the status and headers arrived. */
  public static SseStream open(HttpRequest.Builder request) {
    try {
      return new SseStream(
          CLIENT.send(
              request.header("Accept", "text/event-stream").timeout(Duration.ofMinutes(2)).build(),
              HttpResponse.BodyHandlers.ofInputStream()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public int status() {
    return response.statusCode();
  }

  public String header(String name) {
    return response.headers().firstValue(name).orElse(null);
  }

  /** The error body of a refused stream. */
  public JsonNode errorBody() {
    try (InputStream body = response.body()) {
      return Json.read(new String(body.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The next frame, waiting up to {@code timeout}; fails when none comes or the stream ended. */
  public Frame next(Duration timeout) {
    try {
      Frame frame = frames.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (frame == null) {
        throw new AssertionError("no SSE frame within " + timeout + "; lines so far: " + lines);
      }
      if (frame == END) {
        frames.add(END);
        throw new AssertionError("the stream ended; lines: " + lines);
      }
      return frame;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public Frame next() {
    return next(Duration.ofSeconds(10));
  }

  /** The next {@code n} frames. */
  public List<Frame> next(int n) {
    List<Frame> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(next());
    }
    return out;
  }

  /** Frames that arrived and were not taken yet, without waiting. */
  public List<Frame> pending() {
    List<Frame> out = new ArrayList<>();
    frames.drainTo(out);
    out.remove(END);
    return out;
  }

  /** Every raw line read so far, blank lines included. */
  public List<String> lines() {
    return List.copyOf(lines);
  }

  /** Whether the server ended the response. */
  public boolean ended() {
    return ended;
  }

  @Override
  public void close() {
    try {
      response.body().close();
    } catch (IOException e) {
      // closing is all we wanted
    }
  }

  private void read() {
    try (InputStream in = response.body()) {
      SseReader reader = new SseReader(in, 1 << 20, 1 << 20).onLine(lines::add);
      for (SseFrame frame = reader.next(); frame != null; frame = reader.next()) {
        if (frame.data() != null) {
          frames.add(new Frame(frame.id(), frame.event(), frame.data()));
        }
      }
    } catch (IOException e) {
      // the client closed the stream, or the server cut it
    } finally {
      ended = true;
      frames.add(END);
    }
  }

  /** One SSE frame; {@code id} and {@code event} are null when absent. */
  public record Frame(String id, String event, String data) {
    public JsonNode json() {
      return Json.read(data);
    }

    public long seq() {
      return Long.parseLong(id);
    }

    public String type() {
      return json().path("type").asString();
    }

    /** {@code data.message} of a message event. */
    public JsonNode message() {
      return json().path("data").path("message");
    }
  }
}
