package io.kxm.core.peer;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** An agent's presence, computed from its lease by the hub's clock. */
public enum Presence {
  ONLINE,
  STALE,
  OFFLINE;

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
