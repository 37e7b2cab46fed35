package io.kxm.testkit.provider;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Calls the fake provider over real HTTP and reads its streams frame by frame. */
final class ProviderCalls {
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  private ProviderCalls() {}

  static HttpResponse<InputStream> post(URI uri, String json, String... headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .header("content-type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json));
    if (headers.length > 0) {
      request.headers(headers);
    }
    return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
  }

  static HttpResponse<String> get(URI uri, String... headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).GET();
    if (headers.length > 0) {
      request.headers(headers);
    }
    return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  static List<SseFrame> frames(HttpResponse<InputStream> response) throws IOException {
    List<SseFrame> out = new ArrayList<>();
    try (InputStream body = response.body()) {
      SseReader frames = new SseReader(body, 1 << 20, 1 << 20);
      for (SseFrame next = frames.next(); next != null; next = frames.next()) {
        out.add(next);
      }
    }
    return out;
  }

  static JsonNode body(HttpResponse<InputStream> response) throws IOException {
    try (InputStream in = response.body()) {
      return Json.MAPPER.readTree(in);
    }
  }

  static List<String> events(List<SseFrame> frames) {
    return frames.stream().map(SseFrame::event).toList();
  }

  static List<JsonNode> data(List<SseFrame> frames) {
    return frames.stream().map(f -> Json.read(f.data())).toList();
  }
}
