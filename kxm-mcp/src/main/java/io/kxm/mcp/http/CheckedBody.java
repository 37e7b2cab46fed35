package io.kxm.mcp.http;

import io.kxm.core.json.Json;
import io.kxm.mcp.McpJson;
import io.kxm.mcp.RequestShapes;
import io.kxm.mcp.rpc.RpcAnswers;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A POSTed message read once and checked before the SDK sees it. The SDK answers a message it
 * cannot convert with the converter's exception text, class names included, and in a shape that is
 * not JSON-RPC; here such a message gets a JSON-RPC error in words. A message that passes is handed
 * on as the same bytes.
 */
final class CheckedBody extends HttpServletRequestWrapper {
  /** The largest message read; the hub's own body limit is normally far below it. */
  static final int MAX_BYTES = 4 * 1024 * 1024;

  private final byte[] body;
  private final JsonNode message;
  private final boolean answer;

  private CheckedBody(HttpServletRequest request, byte[] body, JsonNode message, boolean answer) {
    super(request);
    this.body = body;
    this.message = message;
    this.answer = answer;
  }

  /** The message, parsed once. */
  JsonNode message() {
    return message;
  }

  /**
   * The response to write to. The SDK answers a client's response to a request it never made with
   * 500; that is the client's mistake, so it becomes 400.
   */
  HttpServletResponse response(HttpServletResponse response) {
    if (!answer) {
      return response;
    }
    return new HttpServletResponseWrapper(response) {
      @Override
      public void setStatus(int status) {
        super.setStatus(status == 500 ? 400 : status);
      }

      @Override
      public void sendError(int status, String message) throws IOException {
        super.sendError(status == 500 ? 400 : status, message);
      }

      @Override
      public void sendError(int status) throws IOException {
        super.sendError(status == 500 ? 400 : status);
      }
    };
  }

  /**
   * The request with its body checked, or empty when the answer is written already: a refusal, or a
   * notice taken without the SDK.
   */
  static Optional<HttpServletRequest> check(
      HttpServletRequest request, HttpServletResponse response) throws IOException {
    byte[] body;
    try (InputStream in = request.getInputStream()) {
      body = in.readNBytes(MAX_BYTES + 1);
    }
    if (body.length > MAX_BYTES) {
      refuse(response, null, -32600, "a message longer than " + MAX_BYTES + " bytes");
      return Optional.empty();
    }
    String text = new String(body, StandardCharsets.UTF_8);
    JsonNode node;
    try {
      node = Json.read(text);
    } catch (RuntimeException e) {
      refuse(response, null, -32700, "the body is not JSON; send one JSON-RPC message");
      return Optional.empty();
    }
    Optional<String> repeated = RequestShapes.repeatedKey(text);
    if (repeated.isPresent()) {
      refuse(response, node.get("id"), -32600, repeated.get());
      return Optional.empty();
    }
    try {
      McpSchema.deserializeJsonRpcMessage(McpJson.mapper(), text);
    } catch (Exception e) {
      refuse(
          response,
          node.get("id"),
          -32600,
          "not a JSON-RPC 2.0 message this server reads: one object (no batches) with a method"
              + " or a result, and members of the right types");
      return Optional.empty();
    }
    if ("notifications/roots/list_changed".equals(node.path("method").asString(""))) {
      // The SDK would ask the client for its roots and hold this request until it answers; this
      // server uses no roots, so the notice is taken and changes nothing.
      response.setStatus(HttpServletResponse.SC_ACCEPTED);
      return Optional.empty();
    }
    Optional<String> problem = RequestShapes.problem(node);
    if (problem.isPresent()) {
      refuse(response, node.get("id"), RequestShapes.INVALID_PARAMS, problem.get());
      return Optional.empty();
    }
    boolean answer = !node.has("method") && (node.has("result") || node.has("error"));
    return Optional.of(new CheckedBody(request, body, node, answer));
  }

  private static void refuse(HttpServletResponse response, JsonNode id, int code, String message)
      throws IOException {
    var answer = RpcAnswers.response(id);
    answer.putObject("error").put("code", code).put("message", message);
    byte[] bytes = Json.writeBytes(answer);
    response.setStatus(400);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }

  @Override
  public ServletInputStream getInputStream() {
    ByteArrayInputStream in = new ByteArrayInputStream(body);
    return new ServletInputStream() {
      @Override
      public boolean isFinished() {
        return in.available() == 0;
      }

      @Override
      public boolean isReady() {
        return true;
      }

      @Override
      public void setReadListener(ReadListener listener) {
        try {
          listener.onDataAvailable();
          listener.onAllDataRead();
        } catch (IOException e) {
          listener.onError(e);
        }
      }

      @Override
      public int read() {
        return in.read();
      }

      @Override
      public int read(byte[] b, int off, int len) {
        return in.read(b, off, len);
      }
    };
  }

  @Override
  public BufferedReader getReader() {
    return new BufferedReader(
        new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
  }

  @Override
  public int getContentLength() {
    return body.length;
  }

  @Override
  public long getContentLengthLong() {
    return body.length;
  }
}
