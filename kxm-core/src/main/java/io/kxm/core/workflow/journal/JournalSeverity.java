package io.kxm.core.workflow.journal;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;

/** How much a journal entry matters; {@code info} unless the author says otherwise. */
public enum JournalSeverity {
  INFO(1),
  WARNING(2),
  ERROR(3);

  private final int weight;

  JournalSeverity(int weight) {
    this.weight = weight;
  }

  /** The factor severity contributes to a signal's score. */
  public int weight() {
    return weight;
  }

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Null gives {@link #INFO}.
   *
   * @throws KxmException {@code INVALID_JOURNAL_SEVERITY} for anything else
   */
  @JsonCreator
  public static JournalSeverity fromWire(String value) {
    if (value == null) {
      return INFO;
    }
    for (JournalSeverity severity : values()) {
      if (severity.wire().equals(value)) {
        return severity;
      }
    }
    throw new KxmException(
        ErrorCode.INVALID_JOURNAL_SEVERITY, "journal severity '" + value + "' is unknown");
  }
}
