package io.kxm.core.workflow.provenance;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Why one cited message does not count.
 *
 * @param messageId the message
 * @param reason the rule it broke
 */
public record Rejection(String messageId, Reason reason) {

  /** Each rule a cited message must pass, in the order they are checked. */
  public enum Reason {
    NOT_FOUND,
    WRONG_PROJECT,
    NO_WORKFLOW_CONTEXT,
    WRONG_RUN,
    WRONG_STAGE,
    WRONG_REQUIREMENT,
    WRONG_ATTEMPT,
    NOT_SENT_BY_COORDINATOR,
    NOT_REPLIED,
    COORDINATOR_AS_PRODUCER,
    PRODUCER_NOT_ELIGIBLE;

    @JsonValue
    public String wire() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
