package io.kxm.hub.workflow;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.id.RunKind;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.run.WebhookIntake;
import io.kxm.core.workflow.signature.SignedRequest;
import io.kxm.hub.metrics.Counted;
import io.kxm.hub.ops.WorkflowOps;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.workflow.NewRun;
import io.kxm.store.workflow.RunCreation;
import io.kxm.store.workflow.StoredRun;
import java.time.Clock;
import java.util.Optional;

/**
 * Starts runs from signed webhooks. The signature is verified before anything of the body is read,
 * and before the answer reveals whether the workflow exists; then the signature is claimed, and the
 * run, the coordinator's prompt and its {@code message.queued} event are stored in one transaction
 * and published after it commits. A delivery ID the workflow already has answers with that run and
 * sends nothing when the body is the same, and is a conflict when it is not.
 */
final class WebhookStarts {
  private final WorkflowRegistry registry;
  private final StreamWriter writer;
  private final CoordinatorMail mail;
  private final SignatureReplays replays;
  private final Clock clock;

  WebhookStarts(
      WorkflowRegistry registry,
      StreamWriter writer,
      CoordinatorMail mail,
      SignatureReplays replays,
      Clock clock) {
    this.registry = registry;
    this.writer = writer;
    this.mail = mail;
    this.replays = replays;
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

  /** Starts, counting the start or the rejection by its code where it is decided. */
  Started start(String workflowId, SignedRequest request) {
    try {
      Started started = decide(workflowId, request);
      writer
          .counts()
          .increment(Counted.WEBHOOK_STARTS, started.duplicate() ? "duplicate" : "started");
      return started;
    } catch (KxmException e) {
      writer.counts().increment(Counted.WEBHOOK_REJECTED, e.code().code());
      if (e.code() == ErrorCode.SIGNATURE_REPLAYED) {
        writer.counts().increment(Counted.SIGNATURE_REPLAYS, "webhook");
      }
      throw e;
    }
  }

  private Started decide(String workflowId, SignedRequest request) {
    Optional<WorkflowDefinition> found = registry.find(workflowId);
    if (found.isEmpty()) {
      throw WebhookIntake.unknown(workflowId, request, clock.instant()).refusal().toException();
    }
    WorkflowDefinition definition = found.get();
    String runId = RunKind.WORKFLOW.next(clock);
    WebhookIntake.Result result =
        WebhookIntake.start(
            definition, registry.secretsFor(definition), request, runId, clock.instant());
    WebhookIntake.Result.Accepted accepted =
        switch (result) {
          case WebhookIntake.Result.Refused refused -> throw refused.refusal().toException();
          case WebhookIntake.Result.Accepted a -> a;
        };
    String delivery = request.deliveryId();
    return writer.write((tx, events) -> {
      replays.claim(
          tx,
          accepted.signature(),
          definition,
          "workflow " + workflowId + ", delivery " + delivery);
      return switch (tx.workflowRuns().create(new NewRun(runId, definition, accepted.history()))) {
        case RunCreation.DuplicateDelivery duplicate -> {
          if (!duplicate.run().run().payloadHash().equals(accepted.signature().bodySha256())) {
            throw new KxmException(
                ErrorCode.DELIVERY_CONFLICT,
                "delivery "
                    + delivery
                    + " of workflow "
                    + workflowId
                    + " started run "
                    + duplicate.run().id()
                    + " with another body");
          }
          yield Started.of(duplicate.run(), true);
        }
        case RunCreation.Created created -> {
          WorkflowOps.started(events, created.run().run());
          PeerMessage prompt =
              mail.send(
                  tx,
                  events,
                  definition.project(),
                  definition.coordinator(),
                  accepted.prompt().text());
          yield Started.of(
              RunUpdates.promptSent(tx, created.run(), prompt.id(), clock.instant()), false);
        }
      };
    });
  }
}
