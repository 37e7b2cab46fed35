package io.kxm.session.provider;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Redactor;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Posts a JSON body to a provider and opens its event stream; a refusal becomes {@code
 * provider_failed} with the status and the provider's own message, credentials redacted.
 */
final class ProviderHttp {
  /** How long a provider may take to answer with headers; the stream itself is not timed. */
  static final Duration HEADERS_TIMEOUT = Duration.ofMinutes(2);

  private static final int MAX_ERROR_BODY = 64 * 1024;
  private static final int MAX_MESSAGE_CHARS = 2000;

  private final HttpClient http;
  private final String providerName;

  ProviderHttp(HttpClient http, String providerName) {
    this.http = http;
    this.providerName = providerName;
  }

  /** Sends the request and returns the open body of a 2xx answer. */
  InputStream open(URI uri, Map<String, String> headers, JsonNode body, ModelListener listener) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(HEADERS_TIMEOUT)
            .header("content-type", "application/json")
            .header("accept", "text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofByteArray(Json.writeBytes(body)));
    headers.forEach(request::header);
    HttpResponse<InputStream> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      throw failed("the call to " + uri + " failed: " + describe(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failed("the call to " + uri + " was interrupted", e);
    }
    InputStream in = response.body();
    if (response.statusCode() / 100 != 2) {
      String message = errorMessage(in);
      throw failed("HTTP " + response.statusCode() + " from " + uri + ": " + message, null);
    }
    listener.opened(in);
    return in;
  }

  KxmException failed(String message, Throwable cause) {
    String said = Redactor.redact(message);
    if (said.length() > MAX_MESSAGE_CHARS) {
      said = said.substring(0, MAX_MESSAGE_CHARS) + "…";
    }
    return new KxmException(ErrorCode.PROVIDER_FAILED, providerName + ": " + said, cause);
  }

  /** The message inside a provider error body ({@code {"error": {"message"}}}), else its text. */
  static String errorMessage(JsonNode body) {
    JsonNode error = body.path("error");
    if (error.path("message").isString()) {
      return error.path("message").asString();
    }
    if (error.isString()) {
      return error.asString();
    }
    return Json.write(body);
  }

  static String describe(Throwable e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private static String errorMessage(InputStream in) {
    String text;
    try (in) {
      text = new String(in.readNBytes(MAX_ERROR_BODY), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(the error body could not be read: " + describe(e) + ")";
    }
    try {
      return errorMessage(Json.read(text));
    } catch (JacksonException e) {
      return text.strip();
    }
  }
}
