package io.kxm.hub.a2a;

/**
 * A refusal answered as a JSON-RPC error with A2A's code. The message says what was wrong and what
 * to do instead.
 */
final class A2aError extends RuntimeException {
  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int METHOD_NOT_FOUND = -32601;
  static final int INVALID_PARAMS = -32602;
  static final int TASK_NOT_FOUND = -32001;
  static final int TASK_NOT_CANCELABLE = -32002;
  static final int PUSH_NOTIFICATION_NOT_SUPPORTED = -32003;
  static final int UNSUPPORTED_OPERATION = -32004;
  static final int CONTENT_TYPE_NOT_SUPPORTED = -32005;
  static final int VERSION_NOT_SUPPORTED = -32009;

  private final int code;

  A2aError(int code, String message) {
    super(message, null, false, false);
    this.code = code;
  }

  int code() {
    return code;
  }
}
