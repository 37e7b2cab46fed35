package io.kxm.core.workflow.journal;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;

/** The part of the system a journal entry or a stage is about; reports group by it. */
public enum ImprovementArea {
  HARNESS,
  GATES,
  IMPLEMENTATION,
  WORKFLOW,
  DOCUMENTATION,
  SECURITY,
  OTHER;

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * @throws KxmException {@code INVALID_IMPROVEMENT_AREA} for anything else
   */
  @JsonCreator
  public static ImprovementArea fromWire(String value) {
    for (ImprovementArea area : values()) {
      if (area.wire().equals(value)) {
        return area;
      }
    }
    throw new KxmException(
        ErrorCode.INVALID_IMPROVEMENT_AREA, "improvement area '" + value + "' is unknown");
  }
}
