package io.kxm.client;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * JSON over HTTP to one hub with one bearer token. Every failure arrives as a {@link
 * io.kxm.core.error.KxmException}: the hub's own code for a refusal, {@code hub_unreachable} naming
 * the URL and cause when there is no answer. Thread-safe.
 */
public final class HubHttp implements AutoCloseable {
  /** How long an ordinary call may take; long polls add their own wait to it. */
  public static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

  private static final int MAX_ERROR_BODY = 64 * 1024;

  private final URI base;
  private final String token;
  private final HttpClient client;

  /**
   * @param base the hub's base URL, for example {@code http://127.0.0.1:7331}
   * @param token a project token (or, for operator tools, the admin token); never logged
   */
  public HubHttp(URI base, String token) {
    this.base = Objects.requireNonNull(base, "base");
    this.token = Objects.requireNonNull(token, "token");
    this.client = HttpClients.forBase(base).connectTimeout(Duration.ofSeconds(5)).build();
  }

  public URI base() {
    return base;
  }

  /**
   * Stops the client's selector thread. A JVM that exits while a thread still waits in native code
   * lets it finish for up to 300 ms first, so a short command that leaves its client open pays that
   * on every exit.
   */
  @Override
  public void close() {
    client.close();
  }

  public JsonNode get(String path, Map<String, String> headers, Duration timeout) {
    return json(request(path, headers, timeout).GET(), path);
  }

  public JsonNode post(String path, Map<String, String> headers, Object body) {
    HttpRequest.Builder request = request(path, headers, CALL_TIMEOUT);
    if (body == null) {
      request.POST(HttpRequest.BodyPublishers.noBody());
    } else {
      request
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofByteArray(Json.writeBytes(body)));
    }
    return json(request, path);
  }

  public JsonNode delete(String path, Map<String, String> headers) {
    return json(request(path, headers, CALL_TIMEOUT).DELETE(), path);
  }

  /**
   * Opens a long response (an event stream). The caller reads and closes the body; closing it ends
   * the exchange.
   */
  public InputStream openStream(String path, Map<String, String> headers) {
    // No request timeout: it would cut a stream that is only quiet. Idle streams are the
    // follower's business.
    HttpRequest request =
        withHeaders(HttpRequest.newBuilder(base.resolve(path)), headers)
            .header("Accept", "text/event-stream")
            .GET()
            .build();
    HttpResponse<InputStream> response = send(request, HttpResponse.BodyHandlers.ofInputStream());
    if (response.statusCode() != 200) {
      throw failure(response.statusCode(), readBounded(response.body()), request);
    }
    return response.body();
  }

  private HttpRequest.Builder request(String path, Map<String, String> headers, Duration timeout) {
    return withHeaders(HttpRequest.newBuilder(base.resolve(path)), headers)
        .header("Accept", "application/json")
        .timeout(timeout);
  }

  private HttpRequest.Builder withHeaders(
      HttpRequest.Builder builder, Map<String, String> headers) {
    builder.header("Authorization", "Bearer " + token);
    headers.forEach(builder::header);
    return builder;
  }

  private JsonNode json(HttpRequest.Builder builder, String path) {
    HttpRequest request = builder.build();
    HttpResponse<String> response = send(request, HttpResponse.BodyHandlers.ofString());
    int status = response.statusCode();
    if (status < 200 || status >= 300) {
      throw failure(status, response.body(), request);
    }
    String body = response.body();
    if (body == null || body.isBlank()) {
      return Json.object();
    }
    try {
      return Json.read(body);
    } catch (RuntimeException e) {
      throw new KxmException(
          ErrorCode.INTERNAL,
          "the hub answered " + path + " with a body that is not JSON",
          "Check that KXM_SERVER_URL points at a KXM hub.");
    }
  }

  private <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    try {
      return client.send(request, handler);
    } catch (IOException e) {
      throw HubErrors.unreachable(base, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KxmException(
          ErrorCode.HUB_UNREACHABLE,
          "interrupted while waiting for the hub at " + HubErrors.origin(base),
          "The wait was cancelled; nothing was undone on the hub. Retry the call.",
          e);
    }
  }

  private static KxmException failure(int status, String body, HttpRequest request) {
    return HubErrors.fromAnswer(status, body, request.method(), request.uri());
  }

  private static String readBounded(InputStream body) {
    try (body) {
      return new String(body.readNBytes(MAX_ERROR_BODY), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}
