package io.kxm.hub.workflow;

import io.kxm.core.agent.Agent;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.WorkflowContext;
import io.kxm.core.workflow.run.CoordinatorEvents;
import io.kxm.core.workflow.run.EvidenceRequests;
import io.kxm.core.workflow.run.WorkflowRunGuards;
import io.kxm.hub.messaging.MessageHooks;
import io.kxm.hub.stream.EventAppender;
import io.kxm.store.Tx;
import io.kxm.store.workflow.StoredRun;

/**
 * What messaging does to runs, in the messaging transaction: a request that asks for evidence is
 * checked against its run before it is stored; a reply to, or expiry of, a run's current prompt is
 * decided by {@link CoordinatorEvents}. Only requests from {@value CoordinatorMail#SENDER} can be
 * prompts, so other traffic costs no lookup.
 */
final class WorkflowHooks implements MessageHooks {
  private final RunUpdates updates;

  WorkflowHooks(RunUpdates updates) {
    this.updates = updates;
  }

  @Override
  public void beforeSend(Tx tx, Agent caller, Agent target, WorkflowContext context) {
    StoredRun stored =
        tx.workflowRuns()
            .find(context.runId())
            .filter(run -> run.run().project().equals(caller.project()))
            .orElseThrow(() -> WorkflowRunGuards.notFound(context.runId()).toException());
    EvidenceRequests.check(stored.definition(), stored.run(), caller.name(), context, target.name())
        .ifPresent(refusal -> {
          throw refusal.toException();
        });
  }

  @Override
  public void replied(Tx tx, EventAppender events, PeerMessage message) {
    if (!CoordinatorMail.SENDER.equals(message.fromName())) {
      return;
    }
    tx.workflowRuns()
        .findByPrompt(message.id())
        .ifPresent(stored ->
            updates.apply(
                tx,
                events,
                stored.id(),
                (run, now) -> CoordinatorEvents.replied(run.run(), message.id(), now)));
  }

  @Override
  public void expired(Tx tx, EventAppender events, PeerMessage message) {
    if (!CoordinatorMail.SENDER.equals(message.fromName())) {
      return;
    }
    tx.workflowRuns()
        .findByPrompt(message.id())
        .ifPresent(stored ->
            updates.apply(
                tx,
                events,
                stored.id(),
                (run, now) -> CoordinatorEvents.promptExpired(run.run(), message.id(), now)));
  }
}
