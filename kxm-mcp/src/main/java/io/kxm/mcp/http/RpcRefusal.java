package io.kxm.mcp.http;

import tools.jackson.databind.JsonNode;

/**
 * A request this layer refuses, answered as a JSON-RPC error whose message names what to change.
 */
final class RpcRefusal extends RuntimeException {
  static final int INVALID_REQUEST = -32600;
  static final int METHOD_NOT_FOUND = -32601;
  static final int INVALID_PARAMS = -32602;
  static final int INTERNAL_ERROR = -32603;

  private final int code;
  private final JsonNode data;

  RpcRefusal(int code, String message) {
    this(code, message, null);
  }

  RpcRefusal(int code, String message, JsonNode data) {
    super(message, null, false, false);
    this.code = code;
    this.data = data;
  }

  int code() {
    return code;
  }

  JsonNode data() {
    return data;
  }
}
