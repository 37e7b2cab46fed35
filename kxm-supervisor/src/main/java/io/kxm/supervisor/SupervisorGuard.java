package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.net.HostHeader;
import io.kxm.core.net.Loopback;
import io.kxm.core.net.Origins;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * The browser rules of the supervisor, which serves no pages: the Host must name the server (DNS
 * rebinding), an Origin must be listed in {@code KXM_ALLOWED_ORIGINS} (cross-site calls), and
 * request bodies must be {@code application/json} (a form post cannot skip the CORS preflight).
 * They run before the token check, so a refused page learns nothing about it.
 *
 * <p>Host names accepted, always with the bound port: 127.0.0.1, localhost and [::1]; on a
 * non-loopback bind also the bind address, every interface address of this machine when bound to
 * 0.0.0.0 or ::, and the names in {@code KXM_RUNTIME_HOSTS}. Interfaces are read once, at start.
 */
final class SupervisorGuard {
  private final IntSupplier port;
  private final Set<String> names;
  private final Set<InetAddress> addresses;
  private final Set<String> origins;

  SupervisorGuard(IntSupplier port, NetworkSettings network) {
    this.port = port;
    Set<String> n = new HashSet<>(Set.of("localhost"));
    Set<InetAddress> a = new HashSet<>();
    a.add(Loopback.literal("127.0.0.1").orElseThrow());
    a.add(Loopback.literal("::1").orElseThrow());
    if (!network.isLoopback()) {
      n.addAll(network.hostNames());
      Loopback.literal(network.bindHost()).ifPresent(a::add);
      if (network.isWildcard()) {
        a.addAll(interfaceAddresses());
      }
    }
    this.names = Set.copyOf(n);
    this.addresses = Set.copyOf(a);
    this.origins = Set.copyOf(network.allowedOrigins());
  }

  /**
   * @return the request's origin in normalized form when it is allowed; null without an Origin
   */
  String checkHostAndOrigin(String host, String origin) {
    if (!namesServer(host)) {
      throw new KxmException(
          ErrorCode.HOST_NOT_ALLOWED,
          "Host '" + printable(host) + "' does not name the supervisor",
          "Call the supervisor as 127.0.0.1:"
              + port.getAsInt()
              + ", or list the name you use in KXM_RUNTIME_HOSTS on a non-loopback bind.");
    }
    if (origin == null) {
      return null;
    }
    String normalized = Origins.normalize(origin).orElse(null);
    if (normalized == null || !origins.contains(normalized)) {
      throw new KxmException(
          ErrorCode.ORIGIN_NOT_ALLOWED,
          "Origin '" + printable(origin) + "' is not in KXM_ALLOWED_ORIGINS",
          "Start the supervisor with the page's origin in KXM_ALLOWED_ORIGINS, for example"
              + " KXM_ALLOWED_ORIGINS=http://localhost:5173, if that page is trusted.");
    }
    return normalized;
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
    return HostHeader.parse(host)
        .filter(h -> h.hasPort(port.getAsInt()))
        .map(h ->
            Loopback.literal(h.name())
                .map(addresses::contains)
                .orElseGet(() -> names.contains(h.name())))
        .orElse(false);
  }

  private static Set<InetAddress> interfaceAddresses() {
    Set<InetAddress> out = new HashSet<>();
    try {
      for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        nic.inetAddresses().forEach(out::add);
      }
    } catch (SocketException e) {
      // Without the interface list only loopback and KXM_RUNTIME_HOSTS remain: stricter, not
      // looser.
    }
    return out;
  }

  static String printable(String value) {
    if (value == null) {
      return "";
    }
    String clean = value.replaceAll("[^\\x20-\\x7e]", "?");
    return clean.length() > 100 ? clean.substring(0, 100) + "…" : clean;
  }
}
