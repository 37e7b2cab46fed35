package io.kxm.mcp.http;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.json.Json;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Refusals in the hub's error shape: {@code {"error": {"code", "message", "hint"}}}. */
final class HttpErrors {
  private HttpErrors() {}

  static void write(
      HttpServletResponse response, int status, ErrorCode code, String message, String hint)
      throws IOException {
    var body = Json.object();
    body.putObject("error").put("code", code.code()).put("message", message).put("hint", hint);
    writeJson(response, status, body);
  }

  /** Any JSON answer: a refusal above, or a JSON-RPC response this server writes itself. */
  static void writeJson(HttpServletResponse response, int status, Object body) throws IOException {
    byte[] bytes = Json.writeBytes(body);
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }

  static void write(HttpServletResponse response, ErrorCode code, String message)
      throws IOException {
    write(response, code.httpStatus(), code, message, code.hint());
  }
}
