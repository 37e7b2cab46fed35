package io.kxm.hub.workflow;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.run.Decision;
import io.kxm.core.workflow.run.SignalIntake;
import io.kxm.core.workflow.run.Signals;
import io.kxm.core.workflow.run.WorkflowRunView;
import io.kxm.core.workflow.signature.SignedRequest;
import io.kxm.hub.metrics.Counted;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.workflow.StoredRun;
import java.time.Clock;
import java.util.Optional;

/**
 * Applies signed signals to waiting runs. The signal secret of the run's pinned definition signs
 * them, and a signal to a run that does not exist is refused as a wrongly signed one. The signature
 * is claimed in the transaction that applies the signal; a delivery ID applied before changes
 * nothing and answers with the run as it is, unless its body differs.
 */
final class SignalDeliveries {
  private final WorkflowRegistry registry;
  private final StreamWriter writer;
  private final RunUpdates updates;
  private final RetrospectiveExporter retrospectives;
  private final SignatureReplays replays;
  private final Clock clock;

  SignalDeliveries(
      WorkflowRegistry registry,
      StreamWriter writer,
      RunUpdates updates,
      RetrospectiveExporter retrospectives,
      SignatureReplays replays,
      Clock clock) {
    this.registry = registry;
    this.writer = writer;
    this.updates = updates;
    this.retrospectives = retrospectives;
    this.replays = replays;
    this.clock = clock;
  }

  /** The answer: the run after the signal, and whether this delivery was a repeat. */
  record Applied(WorkflowRunView run, boolean duplicate) {}

  /** Applies a signal, counting a refused replay where it is decided. */
  Applied signal(String runId, SignedRequest request) {
    try {
      return apply(runId, request);
    } catch (KxmException e) {
      if (e.code() == ErrorCode.SIGNATURE_REPLAYED) {
        writer.counts().increment(Counted.SIGNATURE_REPLAYS, "signal");
      }
      throw e;
    }
  }

  private Applied apply(String runId, SignedRequest request) {
    Optional<StoredRun> found = writer.store().workflowRuns().find(runId);
    if (found.isEmpty()) {
      throw SignalIntake.unknown(runId, request, clock.instant());
    }
    StoredRun stored = found.get();
    SignalIntake.Accepted accepted =
        SignalIntake.read(
            stored.definition(),
            registry.secretsFor(stored.definition()),
            runId,
            request,
            clock.instant());
    RunUpdates.Result result =
        writer.write((tx, events) -> {
          replays.claim(
              tx,
              accepted.signature(),
              stored.definition(),
              "run " + runId + ", delivery " + request.deliveryId());
          return updates.apply(
              tx,
              events,
              runId,
              (run, now) -> Signals.decide(run.definition(), run.run(), accepted.command(), now));
        });
    retrospectives.flush();
    return new Applied(
        WorkflowRunView.of(result.run().definition(), result.run().run()),
        result.decision() instanceof Decision.Unchanged);
  }
}
