package io.kxm.hub.messaging;

import io.kxm.core.messaging.StoredMessage;
import io.kxm.store.Tx;
import java.util.OptionalInt;

/**
 * How deep in a forwarding chain a new request is. An agent holds every request addressed to it
 * that is still open ({@code queued} or {@code delivered}) and within its TTL, acknowledged or not;
 * whatever it sends meanwhile is one hop further than the deepest request it holds. With nothing in
 * hand, a request starts a chain at hop 0. Acknowledgement plays no part: an agent that forwards
 * straight from its inbox, never acknowledging, would otherwise restart every chain.
 */
final class Hops {
  private Hops() {}

  static int next(Tx tx, String senderId) {
    OptionalInt deepest =
        tx.messages().openForRecipient(senderId).stream().mapToInt(StoredMessage::hopCount).max();
    return deepest.isPresent() ? deepest.getAsInt() + 1 : 0;
  }
}
