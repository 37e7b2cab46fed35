package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.store.Tx;

/**
 * Who may see and change a request. A message of another project does not exist for the caller;
 * within the project only its sender and its recipient may read it, and each may only make the
 * moves that are theirs.
 */
final class Participants {
  private Participants() {}

  /** The message, readable by the caller as its sender or recipient. */
  static StoredMessage readable(Tx tx, Agent caller, String messageId) {
    StoredMessage message = visible(tx, caller, messageId);
    if (!caller.id().equals(message.fromAgentId()) && !caller.id().equals(message.toAgentId())) {
      throw forbidden(caller, message, "neither sent nor received it");
    }
    return message;
  }

  /** The message, which the caller must have sent. */
  static StoredMessage sentBy(Tx tx, Agent caller, String messageId) {
    StoredMessage message = visible(tx, caller, messageId);
    if (!caller.id().equals(message.fromAgentId())) {
      throw forbidden(caller, message, "did not send it");
    }
    return message;
  }

  /** The message, which must be addressed to the caller. */
  static StoredMessage addressedTo(Tx tx, Agent caller, String messageId) {
    StoredMessage message = visible(tx, caller, messageId);
    if (!caller.id().equals(message.toAgentId())) {
      throw forbidden(caller, message, "is not its recipient");
    }
    return message;
  }

  private static StoredMessage visible(Tx tx, Agent caller, String messageId) {
    return tx.messages()
        .findById(messageId)
        .filter(message -> message.project().equals(caller.project()))
        .orElseThrow(() ->
            new KxmException(
                ErrorCode.MESSAGE_NOT_FOUND,
                "no message " + messageId + " in project '" + caller.project() + "'"));
  }

  private static KxmException forbidden(Agent caller, StoredMessage message, String why) {
    return new KxmException(
        ErrorCode.MESSAGE_FORBIDDEN,
        "agent " + caller.name() + " " + why + ": message " + message.id());
  }
}
