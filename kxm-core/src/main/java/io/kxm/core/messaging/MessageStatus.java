package io.kxm.core.messaging;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;

/** Where a request stands. The allowed moves between these are in {@link MessageTransitions}. */
public enum MessageStatus {
  QUEUED,
  DELIVERED,
  REPLIED,
  CANCELLED,
  EXPIRED;

  /** The stable wire and column form, for example {@code queued}. */
  @com.fasterxml.jackson.annotation.JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Still waiting for a reply: queued or delivered. */
  public boolean isOpen() {
    return !isTerminal();
  }

  public boolean isTerminal() {
    return MessageTransitions.targetsOf(this).isEmpty();
  }

  public static MessageStatus fromWire(String value) {
    for (MessageStatus status : values()) {
      if (status.wire().equals(value)) {
        return status;
      }
    }
    throw new KxmException(ErrorCode.INVALID_REQUEST, "message status '" + value + "' is unknown");
  }
}
