package io.kxm.hub.workflow;

import io.kxm.core.workflow.run.Decision;
import io.kxm.core.workflow.run.RunGuards;
import io.kxm.core.workflow.run.RunView;
import io.kxm.core.workflow.run.SignalCommand;
import io.kxm.core.workflow.run.SignalIntake;
import io.kxm.core.workflow.run.Signals;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.workflow.StoredRun;
import java.time.Clock;

/**
 * Applies signed signals to waiting runs. The signal secret of the run's pinned definition signs
 * them; a delivery ID applied before changes nothing and answers with the run as it is.
 */
final class SignalDeliveries {
  private final WorkflowRegistry registry;
  private final StreamWriter writer;
  private final RunUpdates updates;
  private final RetrospectiveExporter retrospectives;
  private final Clock clock;

  SignalDeliveries(
      WorkflowRegistry registry,
      StreamWriter writer,
      RunUpdates updates,
      RetrospectiveExporter retrospectives,
      Clock clock) {
    this.registry = registry;
    this.writer = writer;
    this.updates = updates;
    this.retrospectives = retrospectives;
    this.clock = clock;
  }

  /** The answer: the run after the signal, and whether this delivery was a repeat. */
  record Applied(RunView run, boolean duplicate) {}

  Applied signal(String runId, Signed request) {
    StoredRun stored =
        writer
            .store()
            .workflowRuns()
            .find(runId)
            .orElseThrow(() -> RunGuards.notFound(runId).toException());
    SignalCommand command =
        SignalIntake.read(
            stored.definition(),
            registry.secretsFor(stored.definition()),
            runId,
            request.deliveryId(),
            request.timestamp(),
            request.signature(),
            request.body(),
            clock.instant());
    RunUpdates.Result result =
        writer.write((tx, events) ->
            updates.apply(
                tx,
                events,
                runId,
                (run, now) -> Signals.decide(run.definition(), run.run(), command, now)));
    retrospectives.flush();
    return new Applied(
        RunView.of(result.run().definition(), result.run().run()),
        result.decision() instanceof Decision.Unchanged);
  }
}
