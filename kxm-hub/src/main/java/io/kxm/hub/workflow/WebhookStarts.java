package io.kxm.hub.workflow;

import io.kxm.core.id.Ids;
import io.kxm.core.peer.Message;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.run.WebhookIntake;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.workflow.NewRun;
import io.kxm.store.workflow.RunCreation;
import io.kxm.store.workflow.StoredRun;
import java.time.Clock;

/**
 * Starts runs from signed webhooks. The signature is verified before anything of the body is read;
 * then the run, the coordinator's prompt and its {@code message.queued} event are stored in one
 * transaction and published after it commits. A delivery ID the workflow already has answers with
 * that run and sends nothing.
 */
final class WebhookStarts {
  private final WorkflowRegistry registry;
  private final StreamWriter writer;
  private final CoordinatorMail mail;
  private final Clock clock;

  WebhookStarts(WorkflowRegistry registry, StreamWriter writer, CoordinatorMail mail, Clock clock) {
    this.registry = registry;
    this.writer = writer;
    this.mail = mail;
    this.clock = clock;
  }

  /**
   * The answer to a webhook.
   *
   * @param duplicate whether the delivery ID was seen before; the run is then the original one
   */
  record Started(
      String runId, String workflowId, String status, String messageId, boolean duplicate) {
    static Started of(StoredRun run, boolean duplicate) {
      return new Started(
          run.id(),
          run.run().workflowId(),
          run.run().status().wire(),
          run.run().promptMessageId(),
          duplicate);
    }
  }

  Started start(String workflowId, Signed request) {
    WorkflowDefinition definition = registry.require(workflowId);
    String runId = Ids.next("run", clock);
    WebhookIntake.Result result =
        WebhookIntake.start(
            definition,
            registry.secretsFor(definition),
            request.deliveryId(),
            request.timestamp(),
            request.signature(),
            request.body(),
            runId,
            clock.instant());
    WebhookIntake.Result.Accepted accepted =
        switch (result) {
          case WebhookIntake.Result.Refused refused -> throw refused.refusal().toException();
          case WebhookIntake.Result.Accepted a -> a;
        };
    return writer.write((tx, events) ->
        switch (tx.workflowRuns().create(new NewRun(runId, definition, accepted.history()))) {
          case RunCreation.DuplicateDelivery duplicate -> Started.of(duplicate.run(), true);
          case RunCreation.Created created -> {
            Message prompt =
                mail.send(
                    tx,
                    events,
                    definition.project(),
                    definition.coordinator(),
                    accepted.prompt().text());
            yield Started.of(
                RunUpdates.promptSent(tx, created.run(), prompt.id(), clock.instant()), false);
          }
        });
  }
}
