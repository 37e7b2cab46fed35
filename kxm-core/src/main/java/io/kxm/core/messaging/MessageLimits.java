package io.kxm.core.messaging;

import java.time.Duration;

/** Limits on a request, as the tool catalog documents them. */
public final class MessageLimits {
  public static final int CONTENT_CHARS = 32_000;
  public static final int REPLY_CHARS = 32_000;
  public static final int CORRELATION_ID_CHARS = 128;
  public static final int IDEMPOTENCY_KEY_CHARS = 128;
  public static final int WORKFLOW_CONTEXT_CHARS = 4_096;
  public static final Duration MIN_TTL = Duration.ofSeconds(1);
  public static final Duration MAX_TTL = Duration.ofDays(7);
  public static final Duration DEFAULT_TTL = Duration.ofHours(24);

  private MessageLimits() {}
}
