package io.kxm.runtime.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * The browser rules of the supervisor, which binds 127.0.0.1 only and serves no pages: the Host
 * must name the server on loopback (DNS rebinding), any Origin is refused (no web page has a reason
 * to call it), and request bodies must be {@code application/json} (a form post cannot skip the
 * CORS preflight). They run before the token check, so a refused page learns nothing about it.
 */
final class SupervisorGuard {
  private static final Set<String> NAMES = Set.of("127.0.0.1", "localhost");

  private final IntSupplier port;

  SupervisorGuard(IntSupplier port) {
    this.port = port;
  }

  void checkHostAndOrigin(String host, String origin) {
    if (!namesServer(host)) {
      throw new KxmException(
          ErrorCode.HOST_NOT_ALLOWED,
          "Host '" + printable(host) + "' does not name the supervisor",
          "Call the supervisor as 127.0.0.1:" + port.getAsInt() + ".");
    }
    if (origin != null) {
      throw new KxmException(
          ErrorCode.ORIGIN_NOT_ALLOWED,
          "Origin '" + printable(origin) + "' may not call the supervisor",
          "Call the supervisor from the kxm CLI or another local program, not from a web page.");
    }
  }

  void checkBody(String method, String contentType, long contentLength, boolean chunked) {
    boolean writes = method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
    if (!writes || (contentLength <= 0 && !chunked)) {
      return;
    }
    String type = contentType == null ? "" : contentType.split(";", 2)[0].strip();
    if (!type.equalsIgnoreCase("application/json")) {
      throw new KxmException(
          ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          "the body must be application/json, got '" + printable(contentType) + "'");
    }
  }

  private boolean namesServer(String host) {
    if (host == null) {
      return false;
    }
    String h = host.strip().toLowerCase(Locale.ROOT);
    int colon = h.lastIndexOf(':');
    if (colon < 0) {
      return false;
    }
    return NAMES.contains(h.substring(0, colon))
        && h.substring(colon + 1).equals(Integer.toString(port.getAsInt()));
  }

  private static String printable(String value) {
    if (value == null) {
      return "";
    }
    String clean = value.replaceAll("[^\\x20-\\x7e]", "?");
    return clean.length() > 100 ? clean.substring(0, 100) + "…" : clean;
  }
}
