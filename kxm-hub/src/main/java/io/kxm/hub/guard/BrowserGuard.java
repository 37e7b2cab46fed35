package io.kxm.hub.guard;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.net.HostHeader;
import io.kxm.core.net.Loopback;
import io.kxm.core.net.Origins;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * The rules that keep a web page in the user's browser from using the hub: DNS rebinding (a {@code
 * Host} that does not name the server, checked while bound to loopback), cross-site calls (an
 * {@code Origin} not allowed) and form posts that skip the CORS preflight (a body that is not
 * {@code application/json}), plus the body size limit. They run before authentication, so a refused
 * browser learns nothing about credentials.
 */
public final class BrowserGuard {
  private static final List<String> LOOPBACK_NAMES = List.of("127.0.0.1", "localhost", "[::1]");

  private final boolean checkHost;
  private final Set<String> hostNames;
  private final IntSupplier port;
  private final Set<String> configuredOrigins;
  private final long maxBodyBytes;

  /**
   * @param bindHost the address the server binds; Host is checked only when it is loopback
   * @param port the bound port, read per request because port 0 is resolved at bind time
   * @param allowedOrigins normalized origins (see {@link Origins}) allowed besides the hub's own
   * @param maxBodyBytes largest body accepted
   */
  public BrowserGuard(
      String bindHost, IntSupplier port, List<String> allowedOrigins, long maxBodyBytes) {
    this.checkHost = Loopback.isLoopback(bindHost);
    Set<String> names = new HashSet<>(LOOPBACK_NAMES);
    names.add(Loopback.hostHeaderForm(bindHost));
    this.hostNames = Set.copyOf(names);
    this.port = port;
    this.configuredOrigins = Set.copyOf(allowedOrigins);
    this.maxBodyBytes = maxBodyBytes;
  }

  public long maxBodyBytes() {
    return maxBodyBytes;
  }

  /** Host, Origin, then the body rules, in that order. */
  public void check(RequestView request) {
    checkHostAndOrigin(request);
    checkBody(request);
  }

  public void checkHostAndOrigin(RequestView request) {
    if (checkHost && !namesServer(request.host())) {
      throw new KxmException(
          ErrorCode.HOST_NOT_ALLOWED,
          "Host '"
              + printable(request.host())
              + "' does not name this hub; use 127.0.0.1:"
              + port.getAsInt());
    }
    if (request.origin() != null && !originAllowed(request.origin())) {
      throw new KxmException(
          ErrorCode.ORIGIN_NOT_ALLOWED,
          "Origin '" + printable(request.origin()) + "' is not in KXM_ALLOWED_ORIGINS");
    }
  }

  /** Body rules for routes that take JSON: media type first, then the declared size. */
  public void checkBody(RequestView request) {
    if (!request.writesBody() || !request.hasBody()) {
      return;
    }
    if (!isJson(request.contentType())) {
      throw new KxmException(
          ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          "the body must be application/json, got '" + printable(request.contentType()) + "'");
    }
    if (request.contentLength() > maxBodyBytes) {
      throw tooLarge(request.contentLength());
    }
  }

  public KxmException tooLarge(long size) {
    String got = size < 0 ? "more" : String.valueOf(size);
    return new KxmException(
        ErrorCode.BODY_TOO_LARGE,
        "the body has " + got + " bytes; the limit is " + maxBodyBytes + " bytes");
  }

  private boolean namesServer(String host) {
    return HostHeader.parse(host)
        .filter(h -> h.port().isEmpty() || h.hasPort(port.getAsInt()))
        .map(h -> hostNames.contains(h.name()))
        .orElse(false);
  }

  private boolean originAllowed(String origin) {
    return Origins.normalize(origin)
        .map(o -> configuredOrigins.contains(o) || isOwnOrigin(o))
        .orElse(false);
  }

  /**
   * Pages the hub serves itself (a dashboard) are same-origin, never a foreign site. The port must
   * match too: another local server on another port is another site.
   */
  private boolean isOwnOrigin(String origin) {
    if (!checkHost) {
      return false;
    }
    int p = port.getAsInt();
    String suffix = p == 80 ? "" : ":" + p;
    return hostNames.stream().anyMatch(name -> origin.equals("http://" + name + suffix));
  }

  private static boolean isJson(String contentType) {
    if (contentType == null) {
      return false;
    }
    int semi = contentType.indexOf(';');
    String type = (semi < 0 ? contentType : contentType.substring(0, semi)).trim();
    return type.equalsIgnoreCase("application/json");
  }

  /** Header values go into messages; keep them short and printable. */
  private static String printable(String value) {
    if (value == null) {
      return "";
    }
    String clean = value.replaceAll("[^\\x20-\\x7e]", "?");
    return clean.length() > 100 ? clean.substring(0, 100) + "…" : clean;
  }
}
