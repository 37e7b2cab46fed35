package io.kxm.supervisor;

import io.kxm.core.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Raw HTTP against a real supervisor, with full control over the headers a test sends. */
final class SupervisorHttp {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private SupervisorHttp() {}

  record Reply(int status, JsonNode body, HttpHeaders headers) {
    String code() {
      return body.path("error").path("code").asString();
    }

    String header(String name) {
      return headers.firstValue(name).orElse(null);
    }
  }

  static Reply send(String method, String url, String body, Map<String, String> headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
    headers.forEach(b::header);
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    HttpResponse<String> r = CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return new Reply(
        r.statusCode(), r.body().isBlank() ? Json.object() : Json.read(r.body()), r.headers());
  }

  static Reply get(String url, String token) throws IOException, InterruptedException {
    return send("GET", url, null, Map.of("Authorization", "Bearer " + token));
  }

  static Reply post(String url, String token, String json)
      throws IOException, InterruptedException {
    return send(
        "POST",
        url,
        json,
        Map.of("Authorization", "Bearer " + token, "Content-Type", "application/json"));
  }
}
