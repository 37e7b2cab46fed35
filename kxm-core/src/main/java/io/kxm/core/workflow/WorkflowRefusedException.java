package io.kxm.core.workflow;

import io.kxm.core.error.KxmException;
import java.util.Map;

/** A {@link WorkflowRefusal} thrown; surfaces add {@link #details()} to the error body. */
public final class WorkflowRefusedException extends KxmException {
  private final transient WorkflowRefusal refusal;

  public WorkflowRefusedException(WorkflowRefusal refusal) {
    super(refusal.code(), refusal.message());
    this.refusal = refusal;
  }

  public WorkflowRefusal refusal() {
    return refusal;
  }

  public Map<String, Object> details() {
    return refusal.details();
  }
}
