package io.kxm.cli.agent.worker;

import io.kxm.client.HttpPeerOperations;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.ReplyRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The worker's side of a request on the hub: taking it ({@code delivered}) and answering it. */
final class HubAnswers {
  private static final Logger LOG = LoggerFactory.getLogger(HubAnswers.class);

  private final String worker;
  private final HttpPeerOperations hub;
  private final WorkerStatus status;

  HubAnswers(String worker, HttpPeerOperations hub, WorkerStatus status) {
    this.worker = worker;
    this.hub = hub;
    this.status = status;
  }

  /** Marks a queued request received; false when the hub says it is no longer open. */
  boolean take(PeerMessage request) {
    if (request.status() != MessageStatus.QUEUED) {
      return true;
    }
    try {
      return hub.acknowledge(request.id()).status().isOpen();
    } catch (KxmException e) {
      LOG.info("worker {}: request {} not taken: {}", worker, request.id(), e.code().code());
      return false;
    }
  }

  /** Sends a turn's final message as the reply to {@code request}, and records that it did. */
  void reply(PeerMessage request, TurnResult result) {
    try {
      hub.reply(
          new ReplyRequest(request.id(), ReplyText.of(result.finalMessage(), result.runId())));
      status.answered(request.id());
      LOG.info("worker {}: replied to {} from run {}", worker, request.id(), result.runId());
    } catch (KxmException e) {
      // cancelled or expired meanwhile: nobody waits for this answer any more
      status.dropped(request.id());
      LOG.info("worker {}: reply to {} refused: {}", worker, request.id(), e.code().code());
    }
  }
}
