package io.kxm.hub.messaging;

import io.kxm.core.json.Json;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.secret.Tokens;
import java.util.Arrays;

/**
 * Fingerprint of a send, to tell an exact retry under an idempotency key from a different request
 * under the same key. It covers the resolved recipient (so a name and the id of the same agent
 * agree) and everything that shapes the request; {@code allowOffline} only decides whether it may
 * be queued, so it is left out.
 */
final class RequestHash {
  private RequestHash() {}

  static String of(String targetAgentId, SendRequest request) {
    String canonical =
        Json.write(
            Arrays.asList(
                targetAgentId,
                request.content(),
                request.delivery().wire(),
                request.correlationId(),
                request.workflowContext(),
                request.ttlMs()));
    return Tokens.sha256Hex(canonical);
  }
}
