package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.core.messaging.TransitionOutcome;
import io.kxm.hub.stream.EventAppender;
import io.kxm.store.Tx;

/**
 * When an agent is retired, the requests still waiting on it end as {@code expired}, exactly as if
 * their TTL had run out: the sender's stream gets {@code message.expired}, awaits return, and a
 * workflow prompt among them fails its run. Requests the agent sent itself stay as they are, so
 * their recipients can still answer; nobody will read the answer.
 */
final class RetiredRecipient {
  private final MessageHooks hooks;

  RetiredRecipient(MessageHooks hooks) {
    this.hooks = hooks;
  }

  int retiring(Tx tx, EventAppender events, Agent agent) {
    MessageViews views = MessageViews.within(tx).knowing(agent);
    int ended = 0;
    for (var open : tx.messages().openForRecipient(agent.id())) {
      if (tx.messages().expire(open.id()) instanceof TransitionOutcome.Applied applied) {
        var wire = views.wire(applied.message());
        MessageEvents.expired(events, wire);
        hooks.expired(tx, events, wire);
        ended++;
      }
    }
    return ended;
  }
}
