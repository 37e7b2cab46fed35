package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.core.messaging.TransitionOutcome;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.ReplyRequest;
import io.kxm.core.peer.ReplyResult;
import io.kxm.hub.metrics.Counted;
import io.kxm.hub.ops.MessageOps;
import io.kxm.hub.stream.EventAppender;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Tx;
import java.util.function.Function;

/**
 * The moves of a request after it was sent: acknowledge and reply by its recipient, cancel by its
 * sender. Each applies the store's conditional transition and appends its events in the same
 * transaction. A request found past its TTL is expired on the spot (and both sides told), and the
 * move is refused.
 */
final class MessageActions {
  private final StreamWriter writer;
  private final MessageHooks hooks;

  MessageActions(StreamWriter writer, MessageHooks hooks) {
    this.writer = writer;
    this.hooks = hooks;
  }

  /** {@code queued → delivered}; acknowledging again changes nothing. */
  PeerMessage ack(Agent caller, String messageId) {
    return writer
        .write((tx, events) -> {
          StoredMessage before = Participants.addressedTo(tx, caller, messageId);
          // No agent event: nobody waits on an acknowledgement, and the sender reads it with get;
          // the operations log records it.
          return apply(
              tx,
              events,
              caller,
              before,
              id -> tx.messages().markDelivered(id),
              (e, m) -> {
                MessageOps.delivered(e, m);
                e.count(Counted.MESSAGES, "delivered");
              });
        })
        .orThrow();
  }

  /** {@code queued|delivered → replied}; the sender's stream gets the reply. */
  ReplyResult reply(Agent caller, ReplyRequest request) {
    PeerMessage replied =
        writer
            .write((tx, events) -> {
              StoredMessage before = Participants.addressedTo(tx, caller, request.messageId());
              return apply(
                  tx,
                  events,
                  caller,
                  before,
                  id -> tx.messages().reply(id, request.content()),
                  (e, m) -> {
                    MessageEvents.replied(e, m);
                    hooks.replied(tx, e, m);
                  });
            })
            .orThrow();
    return new ReplyResult(replied.id(), replied.status(), replied.fromName());
  }

  /** {@code queued|delivered → cancelled}; cancelling again returns the request unchanged. */
  PeerMessage cancel(Agent caller, String messageId) {
    return writer
        .write((tx, events) -> {
          StoredMessage before = Participants.sentBy(tx, caller, messageId);
          return apply(
              tx, events, caller, before, id -> tx.messages().cancel(id), MessageEvents::cancelled);
        })
        .orThrow();
  }

  private Outcome<PeerMessage> apply(
      Tx tx,
      EventAppender events,
      Agent caller,
      StoredMessage before,
      Function<String, TransitionOutcome> move,
      EventRule onApplied) {
    MessageViews views = MessageViews.within(tx).knowing(caller);
    return switch (move.apply(before.id())) {
      case TransitionOutcome.Applied applied -> {
        var wire = views.wire(applied.message());
        onApplied.append(events, wire);
        yield Outcome.ok(wire);
      }
      case TransitionOutcome.Refused refused -> {
        var wire = views.wire(refused.current());
        if (refused.current().status() == MessageStatus.EXPIRED && before.status().isOpen()) {
          MessageEvents.expired(events, wire); // this very call found it due and expired it
          hooks.expired(tx, events, wire);
        }
        yield refusal(refused, wire);
      }
      case TransitionOutcome.NotFound gone ->
          throw new KxmException(ErrorCode.MESSAGE_NOT_FOUND, "no message " + gone.messageId());
    };
  }

  /** Repeating a move that already happened is a no-op; anything else is refused by state. */
  private static Outcome<PeerMessage> refusal(TransitionOutcome.Refused refused, PeerMessage wire) {
    MessageStatus now = refused.current().status();
    MessageStatus attempted = refused.attempted();
    if (now == attempted) {
      if (attempted == MessageStatus.REPLIED) {
        return Outcome.refused(
            new KxmException(
                ErrorCode.DUPLICATE_REPLY, "message " + wire.id() + " already has its reply"));
      }
      return Outcome.ok(wire);
    }
    return Outcome.refused(
        new KxmException(
            ErrorCode.INVALID_MESSAGE_STATE,
            "message "
                + wire.id()
                + " is "
                + now.wire()
                + " and cannot become "
                + attempted.wire()));
  }

  @FunctionalInterface
  private interface EventRule {
    void append(EventAppender events, PeerMessage message);
  }
}
