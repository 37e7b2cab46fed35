package io.kxm.core.peer;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Why a local wait ended before its request finished. */
public enum WaitStatus {
  TIMED_OUT,
  ABORTED;

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
