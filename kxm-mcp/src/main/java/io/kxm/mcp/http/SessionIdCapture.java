package io.kxm.mcp.http;

import io.modelcontextprotocol.spec.HttpHeaders;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.util.function.Consumer;

/**
 * Sees the session ID the SDK assigns at initialize. The binding is recorded as the header is set,
 * before the response leaves, so the client's next request always finds it.
 */
final class SessionIdCapture extends HttpServletResponseWrapper {
  private final Consumer<String> onSessionId;
  private boolean seen;

  SessionIdCapture(HttpServletResponse response, Consumer<String> onSessionId) {
    super(response);
    this.onSessionId = onSessionId;
  }

  @Override
  public void setHeader(String name, String value) {
    capture(name, value);
    super.setHeader(name, value);
  }

  @Override
  public void addHeader(String name, String value) {
    capture(name, value);
    super.addHeader(name, value);
  }

  boolean seen() {
    return seen;
  }

  private void capture(String name, String value) {
    if (!seen && HttpHeaders.MCP_SESSION_ID.equalsIgnoreCase(name) && value != null) {
      seen = true;
      onSessionId.accept(value);
    }
  }
}
