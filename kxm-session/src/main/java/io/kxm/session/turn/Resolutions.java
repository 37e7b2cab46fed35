package io.kxm.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.Sessions.Resolved;
import io.kxm.session.interaction.AnswerReader;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Delivers a person's answer: to the harness of a run still running, or, for a run a restart or a
 * shutdown interrupted, to a continuation run queued in the same session with the same prompt.
 */
final class Resolutions {
  private final SessionStore store;
  private final TurnScheduler scheduler;

  /** Null on a store no other runtime instance shares. */
  private final SharedTurns shared;

  Resolutions(SessionStore store, TurnScheduler scheduler, SharedTurns shared) {
    this.store = store;
    this.scheduler = scheduler;
    this.shared = shared;
  }

  Resolved resolve(String runId, String interactionId, JsonNode rawAnswer) {
    Interaction asked = pending(runId, interactionId);
    ObjectNode answer = AnswerReader.read(asked.kind(), asked.request(), rawAnswer).body();
    record Decision(Resolved resolved, TurnRunner runner) {}
    Decision decision =
        scheduler.exclusively(() -> {
          pending(runId, interactionId);
          SessionRun run =
              store
                  .run(runId)
                  .orElseThrow(
                      () -> new KxmException(ErrorCode.RUN_NOT_FOUND, "no session run " + runId));
          TurnRunner runner = scheduler.running(runId);
          if (run.status() == SessionRunStatus.INTERRUPTED) {
            return new Decision(continueAfter(run, interactionId, answer), null);
          }
          if (run.status() == SessionRunStatus.RUNNING && runner == null && shared != null) {
            // Another instance runs it and sees the stored answer, which it hands to its harness.
            shared.requireExecutorLive(run);
            return new Decision(
                new Resolved(
                    store.resolveInteraction(runId, interactionId, answer, Json.object()), null),
                null);
          }
          if (run.status() != SessionRunStatus.RUNNING || runner == null) {
            throw new KxmException(
                ErrorCode.RUN_TERMINAL,
                "run " + runId + " is " + run.status().wire() + "; nothing can take the answer");
          }
          Interaction resolved =
              store.resolveInteraction(runId, interactionId, answer, Json.object());
          return new Decision(new Resolved(resolved, null), runner);
        });
    if (decision.runner() != null) {
      decision.runner().answer(decision.resolved().interaction(), answer);
    }
    return decision.resolved();
  }

  /** Called by the scheduler's decision, so the queue cannot change underneath it. */
  private Resolved continueAfter(SessionRun interrupted, String interactionId, ObjectNode answer) {
    String sessionId = interrupted.sessionId();
    scheduler.checkNotDraining();
    // Elsewhere: the session's owner, another instance, takes the continuation from the store.
    boolean here = shared == null || shared.runsHere(sessionId);
    SessionRun continuation = waitingContinuation(interrupted, here);
    boolean fresh = continuation == null;
    if (fresh) {
      if (here) {
        scheduler.checkAdmission(sessionId);
      }
      continuation = store.createRun(sessionId, interrupted.prompt(), interrupted.id());
    }
    Interaction resolved;
    try {
      resolved =
          store.resolveInteraction(
              interrupted.id(),
              interactionId,
              answer,
              Json.object().put("continuationRunId", continuation.id()));
    } catch (RuntimeException e) {
      if (fresh) {
        // The answer was refused, so the run queued for it must not stay behind.
        store.transition(
            continuation.id(),
            SessionRunStatus.CANCELLED,
            new SessionStore.Ending(null, null, null),
            Json.object());
      }
      throw e;
    }
    if (fresh && here) {
      scheduler.enqueue(continuation.id(), sessionId);
    }
    return new Resolved(resolved, continuation);
  }

  // A second answer to the same interrupted run joins the continuation that has not started yet,
  // which reads every answer when it starts. One queued on another instance counts while the store
  // still has it queued.
  private SessionRun waitingContinuation(SessionRun interrupted, boolean here) {
    for (SessionRun candidate : store.runs(interrupted.sessionId())) {
      boolean waiting =
          here
              ? scheduler.isWaiting(candidate.id())
              : candidate.status() == SessionRunStatus.QUEUED;
      if (interrupted.id().equals(candidate.resumedFrom()) && waiting) {
        return candidate;
      }
    }
    return null;
  }

  private Interaction pending(String runId, String interactionId) {
    Interaction interaction =
        store
            .interaction(interactionId)
            .filter(i -> i.runId().equals(runId))
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.INTERACTION_NOT_FOUND,
                    "no interaction " + interactionId + " in run " + runId));
    if (!Interaction.PENDING.equals(interaction.status())) {
      throw new KxmException(
          ErrorCode.INTERACTION_ALREADY_RESOLVED,
          "interaction " + interactionId + " is already " + interaction.status());
    }
    return interaction;
  }
}
