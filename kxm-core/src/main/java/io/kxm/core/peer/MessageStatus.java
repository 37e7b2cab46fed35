package io.kxm.core.peer;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Where a request is in its life; replied, cancelled and expired are final. */
public enum MessageStatus {
  QUEUED,
  DELIVERED,
  REPLIED,
  CANCELLED,
  EXPIRED;

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public boolean isFinal() {
    return this == REPLIED || this == CANCELLED || this == EXPIRED;
  }
}
