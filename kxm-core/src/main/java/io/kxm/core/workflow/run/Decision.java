package io.kxm.core.workflow.run;

import io.kxm.core.workflow.WorkflowRefusal;
import java.util.List;

/**
 * What a command does to a run. Deciders never write: the caller appends {@link Applied#events()}
 * under the version it read, and answers with the rest.
 */
public sealed interface Decision {

  /**
   * The command moves or annotates the run.
   *
   * @param run the run after {@code events}
   * @param events records to append, in order
   * @param instruction what the coordinator should do next
   */
  record Applied(WorkflowRun run, List<WorkflowRunEvent> events, Instruction instruction)
      implements Decision {
    public Applied {
      events = List.copyOf(events);
    }
  }

  /** The command is refused; the run is unchanged. */
  record Refused(WorkflowRefusal refusal) implements Decision {}

  /**
   * Nothing to record: a repeated signal delivery, a reply while waiting, a reply to a prompt that
   * is no longer current.
   */
  record Unchanged(WorkflowRun run, String why) implements Decision {}
}
