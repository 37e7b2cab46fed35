package io.kxm.core.messaging;

import java.time.Duration;
import java.util.Objects;

/** What taking a token from an agent's {@link SendRate} bucket came to. */
public sealed interface SendRateOutcome {

  /** A token was taken; the send may go ahead. */
  record Taken() implements SendRateOutcome {}

  /** The bucket is empty; the next token is back after {@code retryAfter}. */
  record Limited(Duration retryAfter) implements SendRateOutcome {
    public Limited {
      Objects.requireNonNull(retryAfter, "retryAfter");
      if (retryAfter.isNegative() || retryAfter.isZero()) {
        throw new IllegalArgumentException("retryAfter must be positive, got " + retryAfter);
      }
    }
  }
}
