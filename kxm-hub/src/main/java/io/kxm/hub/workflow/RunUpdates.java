package io.kxm.hub.workflow;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.workflow.run.CoordinatorPrompts;
import io.kxm.core.workflow.run.Decision;
import io.kxm.core.workflow.run.Instruction;
import io.kxm.core.workflow.run.WorkflowRun;
import io.kxm.core.workflow.run.WorkflowRunGuards;
import io.kxm.core.workflow.run.WorkflowRunStart;
import io.kxm.hub.ops.WorkflowOps;
import io.kxm.hub.stream.EventAppender;
import io.kxm.store.Tx;
import io.kxm.store.workflow.RunAppend;
import io.kxm.store.workflow.StoredRun;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Applies one decision to a stored run inside a transaction: read, decide, append under the version
 * read (deciding again when another writer was first), then do what the instruction asks: message
 * the coordinator, make a fresh request its prompt, note a finished run for its retrospective.
 */
final class RunUpdates {
  private static final int TRIES = 5;

  private final Clock clock;
  private final CoordinatorMail mail;
  private final RetrospectiveExporter retrospectives;

  RunUpdates(Clock clock, CoordinatorMail mail, RetrospectiveExporter retrospectives) {
    this.clock = clock;
    this.mail = mail;
    this.retrospectives = retrospectives;
  }

  /** The run after the decision, and the decision itself. */
  record Result(StoredRun run, Decision decision) {}

  /**
   * @throws io.kxm.core.workflow.WorkflowRefusedException when the decision refuses
   */
  Result apply(
      Tx tx, EventAppender events, String runId, BiFunction<StoredRun, Instant, Decision> decide) {
    for (int attempt = 0; attempt < TRIES; attempt++) {
      StoredRun stored =
          tx.workflowRuns()
              .find(runId)
              .orElseThrow(() -> WorkflowRunGuards.notFound(runId).toException());
      Instant now = clock.instant();
      Decision decision = decide.apply(stored, now);
      if (decision instanceof Decision.Refused refused) {
        throw refused.refusal().toException();
      }
      if (!(decision instanceof Decision.Applied applied)) {
        return new Result(stored, decision);
      }
      RunAppend append = tx.workflowRuns().append(runId, stored.version(), applied.events());
      switch (append) {
        case RunAppend.Appended ok -> {
          StoredRun after = follow(tx, events, ok.run(), applied.instruction(), now);
          WorkflowOps.changed(events, stored.run(), after.run());
          return new Result(after, decision);
        }
        case RunAppend.Conflict conflict -> {
          // another writer moved the run; decide again on what it is now
        }
        case RunAppend.NotFound gone -> throw WorkflowRunGuards.notFound(runId).toException();
      }
    }
    throw new KxmException(
        ErrorCode.STORE_CONFLICT, "run " + runId + " kept changing under " + TRIES + " attempts");
  }

  private StoredRun follow(
      Tx tx, EventAppender events, StoredRun stored, Instruction instruction, Instant now) {
    WorkflowRun run = stored.run();
    StoredRun after = stored;
    switch (instruction.notice()) {
      case NONE -> {}
      case INFORM ->
          mail.send(
              tx,
              events,
              run.project(),
              run.coordinator(),
              "Run " + run.id() + " of workflow " + run.workflowId() + ": " + instruction.text());
      case PROMPT -> {
        PeerMessage prompt =
            mail.send(
                tx,
                events,
                run.project(),
                run.coordinator(),
                CoordinatorPrompts.resumed(run, instruction));
        after = promptSent(tx, stored, prompt.id(), now);
      }
    }
    if (after.run().isTerminal()) {
      retrospectives.finished(run.id());
    }
    return after;
  }

  /** Makes {@code messageId} the run's current prompt, in the same transaction. */
  static StoredRun promptSent(Tx tx, StoredRun stored, String messageId, Instant now) {
    RunAppend append =
        tx.workflowRuns()
            .append(
                stored.id(),
                stored.version(),
                List.of(WorkflowRunStart.promptSent(stored.run(), messageId, now)));
    if (append instanceof RunAppend.Appended ok) {
      return ok.run();
    }
    throw new IllegalStateException("run " + stored.id() + " changed while its prompt was sent");
  }
}
