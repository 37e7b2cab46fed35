package io.kxm.hub.workflow;

import io.kxm.core.id.Ids;
import io.kxm.core.workflow.journal.Journals;
import io.kxm.core.workflow.run.Decision;
import io.kxm.core.workflow.run.DegradeCommand;
import io.kxm.core.workflow.run.Degrades;
import io.kxm.core.workflow.run.WorkflowRunEvent;
import io.kxm.core.workflow.run.WorkflowRunView;
import io.kxm.hub.stream.StreamWriter;
import java.time.Clock;

/**
 * An operator lowers the peer quorum of one requirement for the current attempt. The change and its
 * journal entry commit together, so a weakened gate always shows in the retrospective.
 */
final class QuorumDegrades {
  private final StreamWriter writer;
  private final RunUpdates updates;
  private final Clock clock;

  QuorumDegrades(StreamWriter writer, RunUpdates updates, Clock clock) {
    this.writer = writer;
    this.updates = updates;
    this.clock = clock;
  }

  WorkflowRunView degrade(DegradeCommand command) {
    return writer.write((tx, events) -> {
      RunUpdates.Result result =
          updates.apply(
              tx,
              events,
              command.runId(),
              (stored, now) -> Degrades.decide(stored.definition(), stored.run(), command, now));
      if (result.decision() instanceof Decision.Applied applied) {
        for (WorkflowRunEvent event : applied.events()) {
          if (event instanceof WorkflowRunEvent.QuorumDegraded degraded) {
            tx.workflowJournal()
                .insert(
                    Journals.degraded(
                        result.run().run(), degraded, Ids.next("jrn", clock), "admin"));
          }
        }
      }
      return CoordinatorRuns.view(result.run());
    });
  }
}
