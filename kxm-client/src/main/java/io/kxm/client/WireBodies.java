package io.kxm.client;

import io.kxm.core.json.Json;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.peer.WorkflowContext;
import tools.jackson.databind.node.ObjectNode;

/**
 * Request bodies in the shape of the tools' arguments, leaving out what is unset so that the hub's
 * defaults apply.
 */
final class WireBodies {
  private WireBodies() {}

  static ObjectNode send(SendRequest request) {
    ObjectNode body =
        Json.object()
            .put("target", request.target())
            .put("content", request.content())
            .put("delivery", request.delivery().wire());
    optional(body, "correlationId", request.correlationId());
    optional(body, "idempotencyKey", request.idempotencyKey());
    workflowContext(body, request.workflowContext());
    if (request.ttlMs() != null) {
      body.put("ttlMs", request.ttlMs());
    }
    if (request.allowOffline()) {
      body.put("allowOffline", true);
    }
    return body;
  }

  /** Without timeoutMs: waiting is the client's. */
  static ObjectNode fanout(FanoutRequest request) {
    ObjectNode body = Json.object();
    request.targets().forEach(body.putArray("targets")::add);
    body.put("content", request.content());
    optional(body, "correlationId", request.correlationId());
    optional(body, "idempotencyKeyPrefix", request.idempotencyKeyPrefix());
    workflowContext(body, request.workflowContext());
    if (request.ttlMs() != null) {
      body.put("ttlMs", request.ttlMs());
    }
    return body;
  }

  private static void optional(ObjectNode body, String field, String value) {
    if (value != null) {
      body.put(field, value);
    }
  }

  private static void workflowContext(ObjectNode body, WorkflowContext context) {
    if (context != null) {
      body.set("workflowContext", Json.MAPPER.valueToTree(context));
    }
  }
}
