package io.kxm.core.peer;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/**
 * The bounds every peer request obeys, and the checks that enforce them. The tool catalog's JSON
 * Schemas read the same constants, so a schema and a record cannot disagree about a limit.
 */
public final class Limits {
  /** Peer name or agent ID. */
  public static final int TARGET_MAX = 80;

  /** Request and reply bodies. */
  public static final int CONTENT_MAX = 32_000;

  /** correlationId, idempotencyKey and idempotencyKeyPrefix. */
  public static final int KEY_MAX = 128;

  /** Message, run and stage IDs and requirement keys. */
  public static final int ID_MAX = 128;

  public static final long TTL_MIN_MS = 1_000;
  public static final long TTL_MAX_MS = 604_800_000;
  public static final int FANOUT_TARGETS_MAX = 3;
  public static final long FANOUT_TIMEOUT_MIN_MS = 100;
  public static final long FANOUT_TIMEOUT_MAX_MS = 1_800_000;
  public static final long AWAIT_TIMEOUT_MIN_MS = 100;

  /** Longer awaits are shortened to this, not refused. */
  public static final long AWAIT_TIMEOUT_MAX_MS = 60_000;

  public static final int ATTEMPT_MIN = 1;
  public static final int ATTEMPT_MAX = 20;

  private Limits() {}

  /** A required string: present, not blank, at most {@code max} characters (code points). */
  public static String required(String field, String value, int max) {
    if (value == null || value.isBlank()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, field + " is required and may not be blank");
    }
    return optional(field, value, max);
  }

  /** An optional string: null stays null; otherwise at most {@code max} characters. */
  public static String optional(String field, String value, int max) {
    return TextLength.check(field, value, max);
  }

  /** An optional number inside {@code [min, max]}; null stays null. */
  public static Long range(String field, Long value, long min, long max) {
    if (value != null && (value < min || value > max)) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          field + " is " + value + "; it must be between " + min + " and " + max);
    }
    return value;
  }
}
