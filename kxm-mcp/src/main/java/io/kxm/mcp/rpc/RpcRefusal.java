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
  private final int httpStatus;

  public RpcRefusal(int code, String message) {
    this(code, message, null);
  }

  public RpcRefusal(int code, String message, JsonNode data) {
    this(code, message, data, 200);
  }

  /**
   * @param httpStatus the status an HTTP answer carries, where the protocol revision sets one for
   *     this refusal (2026-07-28 does: 400 for a malformed envelope, 404 for an unknown method);
   *     200 otherwise, and stdio has none
   */
  public RpcRefusal(int code, String message, JsonNode data, int httpStatus) {
    super(message, null, false, false);
    this.code = code;
    this.data = data;
    this.httpStatus = httpStatus;
  }

  public int code() {
    return code;
  }

  public JsonNode data() {
    return data;
  }

  public int httpStatus() {
    return httpStatus;
  }
}
