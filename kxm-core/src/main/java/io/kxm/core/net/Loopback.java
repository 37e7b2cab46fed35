package io.kxm.core.net;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which addresses stay on this machine, and how IP literals are read without a DNS query. Only
 * {@code localhost}, 127.0.0.0/8 and {@code ::1} are loopback: a host name that resolves to
 * loopback today may not tomorrow, so names never count.
 */
public final class Loopback {
  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
  private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*");

  private Loopback() {}

  /** The address of an IP literal (IPv6 with or without brackets); empty for anything else. */
  public static Optional<InetAddress> literal(String text) {
    if (text == null) {
      return Optional.empty();
    }
    String h = unbracket(text.strip());
    if (!IPV4.matcher(h).matches() && !IPV6.matcher(h).matches()) {
      return Optional.empty();
    }
    try {
      // Only literals reach here, and getByName parses a literal without asking DNS.
      return Optional.of(InetAddress.getByName(h));
    } catch (UnknownHostException e) {
      return Optional.empty();
    }
  }

  /** Whether {@code host} (a name or literal, as in a URL) is loopback. */
  public static boolean isLoopback(String host) {
    if (host == null) {
      return false;
    }
    if (unbracket(host.strip()).toLowerCase(Locale.ROOT).equals("localhost")) {
      return true;
    }
    return literal(host).map(InetAddress::isLoopbackAddress).orElse(false);
  }

  /** Whether {@code url} is an http(s) URL whose host is loopback. */
  public static boolean isLoopbackUrl(String url) {
    try {
      URI uri = URI.create(url);
      String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
      return (scheme.equals("http") || scheme.equals("https"))
          && uri.getRawUserInfo() == null
          && isLoopback(uri.getHost());
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * A bind host as a URL or {@code Host} header names it, lower case: an IPv6 literal in brackets,
   * a name or IPv4 literal as given.
   */
  public static String hostHeaderForm(String host) {
    String h = unbracket(host.strip()).toLowerCase(Locale.ROOT);
    return h.contains(":") ? "[" + h + "]" : h;
  }

  /** An address as a URL or {@code Host} header names it: IPv6 in brackets. */
  public static String hostForm(InetAddress address) {
    String text = address.getHostAddress();
    int scope = text.indexOf('%');
    if (scope >= 0) {
      text = text.substring(0, scope);
    }
    return address instanceof java.net.Inet6Address ? "[" + text + "]" : text;
  }

  private static String unbracket(String h) {
    return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
  }
}
