package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.hub.stream.EventAppender;
import io.kxm.store.Tx;

/**
 * On a reconnect, every request the agent has not acknowledged goes to its stream again as a fresh
 * {@code message.queued} event with its original message ID: a client that lost its place still
 * learns of it, and one that already has it recognises the ID.
 */
final class Repush {
  private Repush() {}

  static void queued(Tx tx, EventAppender events, Agent agent) {
    MessageViews views = MessageViews.within(tx).knowing(agent);
    tx.messages()
        .queuedForRecipient(agent.id())
        .forEach(m -> MessageEvents.requeued(events, views.wire(m)));
  }
}
