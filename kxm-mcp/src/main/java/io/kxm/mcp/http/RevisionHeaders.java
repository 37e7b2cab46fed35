package io.kxm.mcp.http;

import io.kxm.mcp.rpc.RpcRefusal;
import io.kxm.mcp.rpc.StatelessRevision;
import jakarta.servlet.http.HttpServletRequest;

/**
 * What revision 2026-07-28 requires of an HTTP request beyond its body: headers that repeat the
 * body's version and method, so that a proxy can route without reading the body.
 */
final class RevisionHeaders implements StatelessRevision.TransportCheck {
  static final String VERSION_HEADER = "MCP-Protocol-Version";
  static final String METHOD_HEADER = "Mcp-Method";

  private final HttpServletRequest request;

  RevisionHeaders(HttpServletRequest request) {
    this.request = request;
  }

  @Override
  public void check(String method, String version) {
    String headerVersion = request.getHeader(VERSION_HEADER);
    if (headerVersion == null || !headerVersion.strip().equals(version)) {
      throw new RpcRefusal(
          StatelessRevision.HEADER_MISMATCH,
          "send the "
              + VERSION_HEADER
              + " header with the version in params._meta ("
              + version
              + ")",
          null,
          400);
    }
    String headerMethod = request.getHeader(METHOD_HEADER);
    if (headerMethod == null || !headerMethod.strip().equals(method)) {
      throw new RpcRefusal(
          StatelessRevision.HEADER_MISMATCH,
          "send the " + METHOD_HEADER + " header with the method of the body (" + method + ")",
          null,
          400);
    }
  }
}
