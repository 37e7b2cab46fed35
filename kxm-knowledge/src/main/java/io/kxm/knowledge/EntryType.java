package io.kxm.knowledge;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;

/** What a knowledge entry is; stored and sent by its lower-case wire name. */
public enum EntryType {
  /** One scored try at a task. */
  ATTEMPT,
  /** A lesson an agent drew, for example a forum post marked as an insight. */
  INSIGHT,
  /** A forum post. */
  POST,
  /** A distilled bundle for one task, or for every task. */
  DISTILLATION;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The type named {@code wire}, refused with {@code invalid_request} when unknown. */
  public static EntryType fromWire(String wire) {
    for (EntryType type : values()) {
      if (type.wireName().equals(wire)) {
        return type;
      }
    }
    throw new KxmException(
        ErrorCode.INVALID_REQUEST,
        "unknown entry type '" + wire + "'; use attempt, insight, post or distillation");
  }
}
