package io.kxm.mcp.rpc;

import io.kxm.core.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** JSON-RPC answers that the server writes itself, in front of the SDK, on either transport. */
public final class RpcAnswers {
  private RpcAnswers() {}

  /** A response to {@code id}, which is kept only when JSON-RPC allows it (a string or integer). */
  public static ObjectNode response(JsonNode id) {
    ObjectNode response = Json.object().put("jsonrpc", "2.0");
    if (id != null && (id.isString() || id.isIntegralNumber())) {
      response.set("id", id);
    } else {
      response.putNull("id");
    }
    return response;
  }

  /** The error response for {@code refusal}, with its data when it has any. */
  public static ObjectNode error(JsonNode id, RpcRefusal refusal) {
    ObjectNode response = response(id);
    ObjectNode error =
        response
            .putObject("error")
            .put("code", refusal.code())
            .put("message", refusal.getMessage());
    if (refusal.data() != null) {
      error.set("data", refusal.data());
    }
    return response;
  }
}
