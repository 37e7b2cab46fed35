package io.kxm.hub.guard;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Decides whether a bind address stays on this machine: {@code localhost}, 127.0.0.0/8 and {@code
 * ::1}. Host names other than {@code localhost} count as reachable from outside even when they
 * resolve to loopback today, because DNS can change under a running hub.
 */
public final class Loopback {
  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  private Loopback() {}

  public static boolean isLoopback(String host) {
    String h = strip(host).toLowerCase(Locale.ROOT);
    if (h.equals("localhost")) {
      return true;
    }
    if (!IPV4.matcher(h).matches() && !h.contains(":")) {
      return false;
    }
    try {
      // A literal address: getByName parses it without a DNS query.
      return InetAddress.getByName(h).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** The host as it appears in a {@code Host} header: IPv6 literals in brackets. */
  public static String hostHeaderForm(String host) {
    String h = strip(host).toLowerCase(Locale.ROOT);
    return h.contains(":") ? "[" + h + "]" : h;
  }

  private static String strip(String host) {
    String h = host.trim();
    return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
  }
}
