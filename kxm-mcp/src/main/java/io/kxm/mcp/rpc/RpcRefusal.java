package io.kxm.mcp.rpc;

import tools.jackson.databind.JsonNode;

/**
 * A request this layer refuses, answered as a JSON-RPC error whose message names what to change.
 */
public final class RpcRefusal extends RuntimeException {
  public static final int INVALID_REQUEST = -32600;
  public static final int METHOD_NOT_FOUND = -32601;
  public static final int INVALID_PARAMS = -32602;
  public static final int INTERNAL_ERROR = -32603;

  private final int code;
  private final JsonNode data;

  public RpcRefusal(int code, String message) {
    this(code, message, null);
  }

  public RpcRefusal(int code, String message, JsonNode data) {
    super(message, null, false, false);
    this.code = code;
    this.data = data;
  }

  public int code() {
    return code;
  }

  public JsonNode data() {
    return data;
  }
}
