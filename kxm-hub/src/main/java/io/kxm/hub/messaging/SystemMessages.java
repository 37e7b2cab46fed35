package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageInsert;
import io.kxm.core.messaging.NewMessage;
import io.kxm.core.peer.PeerMessage;
import io.kxm.hub.stream.EventAppender;
import io.kxm.store.Tx;
import java.time.Duration;

/**
 * Requests the hub itself sends inside another feature's transaction (a workflow prompt): stored
 * and announced exactly like a peer's, without presence, hop or idempotency rules, which guard
 * agents from each other and not from the hub.
 */
public final class SystemMessages {
  private SystemMessages() {}

  /** Stores a request from {@code from} to {@code to} and appends its {@code message.queued}. */
  public static PeerMessage queue(
      Tx tx, EventAppender events, Agent from, Agent to, String content, Duration ttl) {
    NewMessage message =
        new NewMessage(
            from.project(),
            from.id(),
            to.id(),
            content,
            Delivery.FOLLOW_UP,
            ttl,
            null,
            null,
            null,
            0,
            null);
    return switch (tx.messages().insert(message)) {
      case MessageInsert.Inserted inserted -> {
        PeerMessage wire = MessageViews.within(tx).knowing(from, to).wire(inserted.message());
        MessageEvents.queued(events, from.project(), wire);
        yield wire;
      }
      case MessageInsert.DuplicateKey duplicate ->
          throw new IllegalStateException("a request without a key was a duplicate");
    };
  }
}
