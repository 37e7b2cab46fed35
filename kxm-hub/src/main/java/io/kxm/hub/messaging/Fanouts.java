package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.secret.Tokens;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Sends one request to each fanout target as its own send, in its own transaction, so one refusal
 * never undoes or blocks another target's request.
 */
final class Fanouts {
  private final Sender sender;

  Fanouts(Sender sender) {
    this.sender = sender;
  }

  List<FanoutSent> send(Agent caller, FanoutRequest request) {
    List<FanoutSent> results = new ArrayList<>();
    for (String target : request.targets()) {
      SendRequest one =
          new SendRequest(
              target,
              request.content(),
              Delivery.FOLLOW_UP,
              request.correlationId(),
              keyFor(request, target),
              request.workflowContext(),
              request.ttlMs(),
              false);
      try {
        results.add(FanoutSent.sent(target, sender.send(caller, one)));
      } catch (KxmException refusal) {
        results.add(FanoutSent.failed(target, refusal));
      }
    }
    return results;
  }

  /**
   * Each target's idempotency key, from the prefix, the correlation ID and the target; hashed so
   * that it fits the key limit whatever their lengths.
   */
  static String keyFor(FanoutRequest request, String target) {
    if (request.idempotencyKeyPrefix() == null) {
      return null;
    }
    String parts =
        request.idempotencyKeyPrefix()
            + "\n"
            + (request.correlationId() == null ? "" : request.correlationId())
            + "\n"
            + target.toLowerCase(Locale.ROOT);
    return "fanout:" + Tokens.sha256Hex(parts);
  }
}
