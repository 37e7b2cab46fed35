package io.kxm.client;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.util.Locale;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Turns what the hub answered, or failed to answer, into the {@link KxmException} a caller in the
 * hub's own process would have seen: the same code (matched by its wire string), message and hint.
 */
public final class HubErrors {
  private static final int SHOWN_BODY = 200;

  private HubErrors() {}

  /** The code whose wire form is {@code wire}, if this version of KXM knows it. */
  public static Optional<ErrorCode> code(String wire) {
    if (wire == null || wire.isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(ErrorCode.valueOf(wire.strip().toUpperCase(Locale.ROOT)));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /**
   * An error answer. The envelope's code is kept; one this client does not know (a newer hub)
   * becomes {@code internal} with the hub's code in the message, so nothing is lost.
   */
  public static KxmException fromAnswer(int status, String body, String method, URI uri) {
    JsonNode error = envelope(body);
    if (error == null) {
      return new KxmException(
          ErrorCode.INTERNAL,
          "the hub answered "
              + method
              + " "
              + uri.getPath()
              + " with HTTP "
              + status
              + " and no error envelope: "
              + shorten(body),
          "Check that KXM_SERVER_URL points at a KXM hub and not at another server.");
    }
    String wire = error.path("code").asString("");
    String message = error.path("message").asString("the hub refused the request");
    String hint = error.path("hint").isString() ? error.path("hint").asString() : null;
    return code(wire)
        .map(code -> new KxmException(code, message, hint))
        .orElseGet(() ->
            new KxmException(
                ErrorCode.INTERNAL, wire + ": " + message + " (HTTP " + status + ")", hint));
  }

  /** The hub did not answer at all: refused connection, timeout, reset. */
  public static KxmException unreachable(URI hub, IOException cause) {
    return new KxmException(
        ErrorCode.HUB_UNREACHABLE,
        "KXM hub unreachable at " + origin(hub) + " (" + describe(cause) + ")",
        ErrorCode.HUB_UNREACHABLE.hint(),
        cause);
  }

  /** {@code scheme://host:port}, the part of a URL a user configured. */
  public static String origin(URI uri) {
    return uri.getScheme() + "://" + uri.getRawAuthority();
  }

  private static String describe(IOException cause) {
    if (cause instanceof HttpTimeoutException) {
      return "no answer in time";
    }
    if (cause instanceof ConnectException && cause.getMessage() == null) {
      return "connection refused";
    }
    String message = cause.getMessage();
    return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
  }

  private static JsonNode envelope(String body) {
    if (body == null || body.isBlank()) {
      return null;
    }
    try {
      JsonNode error = Json.read(body).path("error");
      return error.isObject() && error.path("code").isString() ? error : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static String shorten(String body) {
    if (body == null || body.isBlank()) {
      return "(empty)";
    }
    String oneLine = body.strip().replaceAll("\\s+", " ");
    return oneLine.length() > SHOWN_BODY ? oneLine.substring(0, SHOWN_BODY) + "…" : oneLine;
  }
}
