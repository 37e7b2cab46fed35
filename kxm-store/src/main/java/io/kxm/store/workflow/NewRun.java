package io.kxm.store.workflow;

import io.kxm.core.check.Require;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.run.WorkflowRunEvent;
import java.util.List;
import java.util.Objects;

/**
 * A run about to be stored: its ID (the caller makes it, to name the run in the coordinator's
 * prompt), the definition it starts with, and its first records, beginning with {@code Started}.
 */
public record NewRun(String id, WorkflowDefinition definition, List<WorkflowRunEvent> history) {

  public NewRun {
    Require.label(id, "run id", 64);
    Objects.requireNonNull(definition, "definition");
    history = List.copyOf(history);
    if (history.isEmpty() || !(history.getFirst() instanceof WorkflowRunEvent.Started started)) {
      throw new IllegalArgumentException("run " + id + " must start with a started record");
    }
    if (!started.workflowId().equals(definition.id())) {
      throw new IllegalArgumentException(
          "run " + id + " starts workflow " + started.workflowId() + " with " + definition.id());
    }
  }
}
