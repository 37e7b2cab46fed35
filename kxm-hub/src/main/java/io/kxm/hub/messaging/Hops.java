package io.kxm.hub.messaging;

import io.kxm.core.messaging.Message;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.store.Tx;
import java.util.OptionalInt;

/**
 * How deep in a forwarding chain a new request is. An agent that acknowledged a request and has not
 * answered it yet is handling it; whatever it sends meanwhile is one hop further than the deepest
 * such request. With nothing in hand, a request starts a chain at hop 0.
 */
final class Hops {
  private Hops() {}

  static int next(Tx tx, String senderId) {
    OptionalInt deepest =
        tx.messages().openForRecipient(senderId).stream()
            .filter(m -> m.status() == MessageStatus.DELIVERED)
            .mapToInt(Message::hopCount)
            .max();
    return deepest.isPresent() ? deepest.getAsInt() + 1 : 0;
  }
}
