package io.kxm.testkit.provider;

import java.util.OptionalInt;

/**
 * A scripted HTTP error, answered in the calling dialect's error body: for example a 429 with a
 * {@code retry-after} header, a 500, or a 401.
 */
public record HttpFailure(int status, String message, OptionalInt retryAfterSeconds)
    implements Reply {
  public HttpFailure {
    if (status < 400 || status > 599) {
      throw new IllegalArgumentException(
          "a scripted failure needs a 4xx or 5xx status, got " + status);
    }
    if (retryAfterSeconds == null
        || (retryAfterSeconds.isPresent() && retryAfterSeconds.getAsInt() < 0)) {
      throw new IllegalArgumentException(
          "retry-after must be absent or zero or more seconds, got " + retryAfterSeconds);
    }
    if (message == null || message.isBlank()) {
      throw new IllegalArgumentException("a scripted failure needs a message");
    }
  }

  public static HttpFailure rateLimited(int retryAfterSeconds) {
    return new HttpFailure(
        429, "Rate limit reached, retry later", OptionalInt.of(retryAfterSeconds));
  }

  public static HttpFailure serverError() {
    return new HttpFailure(500, "Internal server error", OptionalInt.empty());
  }

  public static HttpFailure unauthorized() {
    return new HttpFailure(401, "Invalid API key", OptionalInt.empty());
  }

  public static HttpFailure of(int status, String message) {
    return new HttpFailure(status, message, OptionalInt.empty());
  }
}
