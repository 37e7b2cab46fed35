package io.kxm.cli.runtime;

import io.kxm.client.HttpClients;
import io.kxm.client.HubErrors;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.supervisor.SupervisorCredential;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import tools.jackson.databind.JsonNode;

/**
 * Calls the supervisor's API with its bearer token. A refusal comes back as the {@link
 * KxmException} the supervisor raised: same code, message and hint. A token from the token file
 * goes to loopback URLs only ({@link SupervisorCredential}); the check runs when the client is
 * made, before anything is sent.
 */
public final class SupervisorClient {
  /** A drive runs until the run stops, gates included; give it room. */
  private static final Duration CALL_TIMEOUT = Duration.ofMinutes(30);

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  private final String baseUrl;
  private final String authorization;
  private final Duration timeout;

  public SupervisorClient(RunningSupervisor supervisor) {
    this(supervisor.url(), supervisor.credential());
  }

  /** With a token read from the token file: {@code baseUrl} must be a loopback URL. */
  public SupervisorClient(String baseUrl, String token) {
    this(baseUrl, new SupervisorCredential(token, false));
  }

  /**
   * @throws KxmException {@code runtime_token_not_sent} for a file token and a non-loopback URL
   */
  public SupervisorClient(String baseUrl, SupervisorCredential credential) {
    this(baseUrl, credential.authorizationFor(baseUrl), CALL_TIMEOUT);
  }

  private SupervisorClient(String baseUrl, String authorization, Duration timeout) {
    this.baseUrl = baseUrl;
    this.authorization = authorization;
    this.timeout = timeout;
  }

  /** The same client with calls bounded by {@code callTimeout}, for reads that must be quick. */
  public SupervisorClient withTimeout(Duration callTimeout) {
    return new SupervisorClient(baseUrl, authorization, callTimeout);
  }

  public JsonNode get(String path) {
    return send("GET", path, null);
  }

  public JsonNode post(String path, Object body) {
    return send("POST", path, Json.writeBytes(body));
  }

  public JsonNode delete(String path) {
    return send("DELETE", path, null);
  }

  public static String segment(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private JsonNode send(String method, String path, byte[] body) {
    URI uri = URI.create(baseUrl + path);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri).timeout(timeout).header("Authorization", authorization);
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request.header("Content-Type", "application/json");
      request.method(method, HttpRequest.BodyPublishers.ofByteArray(body));
    }
    HttpResponse<String> response;
    HttpClient http =
        HttpClients.forBase(uri)
            .connectTimeout(timeout.compareTo(CONNECT_TIMEOUT) < 0 ? timeout : CONNECT_TIMEOUT)
            .build();
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.RUNTIME_UNREACHABLE,
          "the runtime supervisor at "
              + baseUrl
              + " did not answer "
              + method
              + " "
              + uri.getPath()
              + " ("
              + e.getClass().getSimpleName()
              + ")",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KxmException(ErrorCode.RUNTIME_UNREACHABLE, "interrupted while calling " + path);
    } finally {
      // The answer is read whole by now. A graceful close would wait for the client's connections
      // to wind down, which a supervisor in the middle of stopping may never let happen.
      http.shutdownNow();
    }
    if (response.statusCode() >= 300) {
      throw refusal(response.statusCode(), response.body(), method, uri);
    }
    return response.body().isBlank() ? Json.object() : Json.read(response.body());
  }

  /**
   * The error an answer other than success stands for. A supervisor in the middle of stopping
   * answers 502–504 from its web server, without the supervisor's own error body; that is the
   * supervisor going away, which callers retry, not an internal error.
   */
  static KxmException refusal(int status, String body, String method, URI uri) {
    KxmException refused = HubErrors.fromAnswer(status, body, method, uri);
    if (refused.code() == ErrorCode.INTERNAL && status >= 502 && status <= 504) {
      return new KxmException(
          ErrorCode.RUNTIME_UNREACHABLE,
          "the runtime supervisor answered "
              + method
              + " "
              + uri.getPath()
              + " with HTTP "
              + status
              + ": it is stopping or starting",
          "Wait a moment and retry; 'kxm runtime status' shows whether it runs.");
    }
    return refused;
  }
}
