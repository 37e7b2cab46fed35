package io.kxm.store.workflow;

import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.run.WorkflowRun;
import io.kxm.core.workflow.run.WorkflowRunEvent;
import io.kxm.core.workflow.run.WorkflowRunFold;
import java.util.List;
import java.util.Objects;

/**
 * A run as stored: the definition it started with, its history, and the fold of that history.
 *
 * @param definition the secret-free definition pinned at start; deciders use this one, not whatever
 *     the definitions folder holds now
 */
public record StoredRun(
    String id, WorkflowDefinition definition, List<WorkflowRunEvent> history, WorkflowRun run) {

  public StoredRun {
    Objects.requireNonNull(definition, "definition");
    history = List.copyOf(history);
    if (run.version() != history.size()) {
      throw new IllegalArgumentException("run " + id + " does not match its history");
    }
  }

  /** Folds {@code history} into the run. */
  public static StoredRun of(
      String id, WorkflowDefinition definition, List<WorkflowRunEvent> history) {
    return new StoredRun(id, definition, history, WorkflowRunFold.fold(id, history));
  }

  /** The version an append must name: the number of history records. */
  public int version() {
    return run.version();
  }
}
