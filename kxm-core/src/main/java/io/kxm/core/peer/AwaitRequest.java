package io.kxm.core.peer;

import java.time.Duration;

/**
 * A wait for a sent request to finish ({@code kxm_await}).
 *
 * @param messageId a request the caller sent
 * @param timeoutMs how long to wait, at least 100; null means 60,000, and more is cut to 60,000
 */
public record AwaitRequest(String messageId, Long timeoutMs) {

  public AwaitRequest {
    messageId = Limits.required("messageId", messageId, Limits.ID_MAX);
    if (timeoutMs == null || timeoutMs > Limits.AWAIT_TIMEOUT_MAX_MS) {
      timeoutMs = Limits.AWAIT_TIMEOUT_MAX_MS;
    }
    Limits.range("timeoutMs", timeoutMs, Limits.AWAIT_TIMEOUT_MIN_MS, Limits.AWAIT_TIMEOUT_MAX_MS);
  }

  public Duration timeout() {
    return Duration.ofMillis(timeoutMs);
  }
}
