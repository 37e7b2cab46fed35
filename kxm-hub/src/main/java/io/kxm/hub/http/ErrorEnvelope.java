package io.kxm.hub.http;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.workflow.WorkflowRefusedException;
import tools.jackson.databind.node.ObjectNode;

/** The one error shape every route answers with: {@code {"error": {"code", "message", "hint"}}}. */
public final class ErrorEnvelope {
  public static final String CONTENT_TYPE = "application/json";

  private ErrorEnvelope() {}

  public static byte[] bytes(KxmException e) {
    if (e instanceof WorkflowRefusedException refused && !refused.details().isEmpty()) {
      // Structured facts a client acts on, such as the missing requirements of a checkpoint.
      ObjectNode root = Json.object();
      ObjectNode error =
          root.putObject("error")
              .put("code", e.code().code())
              .put("message", e.getMessage())
              .put("hint", e.hint());
      error.set("details", Json.MAPPER.valueToTree(refused.details()));
      return Json.writeBytes(root);
    }
    return bytes(e.code(), e.getMessage(), e.hint());
  }

  public static byte[] bytes(ErrorCode code, String message, String hint) {
    ObjectNode root = Json.object();
    root.putObject("error").put("code", code.code()).put("message", message).put("hint", hint);
    return Json.writeBytes(root);
  }

  /** The code for a status raised below our own routes (Jetty, Javalin's router). */
  public static ErrorCode codeForStatus(int status) {
    return switch (status) {
      case 404 -> ErrorCode.NOT_FOUND;
      case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
      case 413 -> ErrorCode.BODY_TOO_LARGE;
      case 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
      case 503 -> ErrorCode.SERVER_DRAINING;
      default -> status >= 400 && status < 500 ? ErrorCode.INVALID_REQUEST : ErrorCode.INTERNAL;
    };
  }

  /** The HTTP status for a code; codes meant only for the CLI answer 500 if they reach HTTP. */
  public static int status(ErrorCode code) {
    int status = code.httpStatus();
    return status >= 400 && status <= 599 ? status : 500;
  }
}
