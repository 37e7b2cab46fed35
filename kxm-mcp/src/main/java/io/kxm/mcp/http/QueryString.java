package io.kxm.mcp.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * Reads one query parameter. Done by hand because {@code getParameter} may read a form body, and
 * the body of an MCP POST belongs to the SDK.
 */
final class QueryString {
  private QueryString() {}

  static String parameter(String query, String name) {
    if (query == null) {
      return null;
    }
    try {
      for (String pair : query.split("&")) {
        int eq = pair.indexOf('=');
        String key = eq < 0 ? pair : pair.substring(0, eq);
        if (URLDecoder.decode(key, StandardCharsets.UTF_8).equals(name)) {
          return eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
        }
      }
      return null;
    } catch (IllegalArgumentException e) {
      return null; // malformed escapes: treated as absent, so the caller names what is missing
    }
  }
}
