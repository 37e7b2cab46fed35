package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.core.peer.PeerMessage;
import io.kxm.store.Store;
import java.util.List;

/** Reading requests: one by id, and the caller's inbox. Reads change nothing. */
final class MessageReads {
  private final Store store;

  MessageReads(Store store) {
    this.store = store;
  }

  /** A request the caller sent or received, as it stands. */
  PeerMessage get(Agent caller, String messageId) {
    return store.read(tx ->
        MessageViews.within(tx).knowing(caller).wire(Participants.readable(tx, caller, messageId)));
  }

  /** A request the caller sent, as it stands; for waits. */
  PeerMessage sent(Agent caller, String messageId) {
    return store.read(tx ->
        MessageViews.within(tx).knowing(caller).wire(Participants.sentBy(tx, caller, messageId)));
  }

  /**
   * The open requests of the agent called {@code name} in {@code project}, for a reader that holds
   * the project's token but not the agent's key; none when no such agent is registered.
   */
  List<PeerMessage> openFor(String project, String name) {
    return store.read(tx ->
        tx.agents()
            .findByName(project, name)
            .map(agent -> {
              MessageViews views = MessageViews.within(tx).knowing(agent);
              return tx.messages().openForRecipient(agent.id()).stream().map(views::wire).toList();
            })
            .orElse(List.of()));
  }

  /** Requests to the caller still waiting for its reply, queued or acknowledged, oldest first. */
  List<PeerMessage> inbox(Agent caller) {
    return store.read(tx -> {
      MessageViews views = MessageViews.within(tx).knowing(caller);
      return tx.messages().openForRecipient(caller.id()).stream().map(views::wire).toList();
    });
  }
}
