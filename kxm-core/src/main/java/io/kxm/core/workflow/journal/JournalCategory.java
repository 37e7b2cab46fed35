package io.kxm.core.workflow.journal;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;

/** What kind of knowledge a journal entry records. */
public enum JournalCategory {
  PLAN,
  DECISION,
  CONTRADICTION,
  ERROR,
  LESSON,
  OBSERVATION,
  HYPOTHESIS,
  EXPERIMENT,
  STATE_CHANGE,
  SKILL_CANDIDATE;

  /** The stable wire form, for example {@code skill-candidate}. */
  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Lessons and skill candidates claim something learned, so they must cite evidence. */
  public boolean needsEvidence() {
    return this == LESSON || this == SKILL_CANDIDATE;
  }

  /**
   * @throws KxmException {@code INVALID_JOURNAL_CATEGORY} for anything else
   */
  @JsonCreator
  public static JournalCategory fromWire(String value) {
    for (JournalCategory category : values()) {
      if (category.wire().equals(value)) {
        return category;
      }
    }
    throw new KxmException(
        ErrorCode.INVALID_JOURNAL_CATEGORY, "journal category '" + value + "' is unknown");
  }
}
