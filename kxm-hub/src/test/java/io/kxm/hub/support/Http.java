package io.kxm.hub.support;

import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;

/** A small real-HTTP client for tests against a hub on port 0. */
public final class Http {
  private final String baseUrl;
  private final HttpClient client;

  public Http(String baseUrl) {
    this.baseUrl = baseUrl;
    this.client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  }

  /** A request to {@code path} with {@code headers} given as name, value, name, value…. */
  public HttpRequest.Builder request(String path, String... headers) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(20));
    for (int i = 0; i < headers.length; i += 2) {
      builder.header(headers[i], headers[i + 1]);
    }
    return builder;
  }

  public Response get(String path, String... headers) {
    return send(request(path, headers).GET());
  }

  public Response getWithToken(String path, String token) {
    return get(path, "Authorization", "Bearer " + token);
  }

  public Response postJson(String path, String token, String json) {
    return send(
        request(path, "Authorization", "Bearer " + token, "Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  public Response send(HttpRequest.Builder request) {
    try {
      HttpResponse<String> response =
          client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Response(response.statusCode(), response.body(), response.headers());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A finished response. */
  public record Response(int status, String body, HttpHeaders headers) {
    public JsonNode json() {
      return Json.read(body);
    }

    /** The {@code error.code} of an error envelope. */
    public String errorCode() {
      return json().path("error").path("code").asString();
    }

    public String header(String name) {
      return headers.firstValue(name).orElse(null);
    }
  }
}
