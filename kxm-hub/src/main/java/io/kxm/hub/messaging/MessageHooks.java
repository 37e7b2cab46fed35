package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.WorkflowContext;
import io.kxm.hub.stream.EventAppender;
import io.kxm.store.Tx;

/**
 * Points where another feature (workflows) takes part in a request's life. Every call runs inside
 * the messaging transaction, so what a hook writes commits or rolls back with the message; a hook
 * must follow the rules of {@code Store.write}: store access through {@code tx} only, no other side
 * effects, since the transaction may run more than once.
 */
public interface MessageHooks {

  /** Hooks that do nothing: messaging on its own. */
  MessageHooks NONE = new MessageHooks() {};

  /**
   * Called before a request carrying {@code context} is stored; throwing refuses the send.
   *
   * @param context the request's workflow context, never null here
   */
  default void beforeSend(Tx tx, Agent caller, Agent target, WorkflowContext context) {}

  /** Called once a request was replied, after its events were appended. */
  default void replied(Tx tx, EventAppender events, PeerMessage message) {}

  /** Called once a request expired unanswered, after its events were appended. */
  default void expired(Tx tx, EventAppender events, PeerMessage message) {}
}
