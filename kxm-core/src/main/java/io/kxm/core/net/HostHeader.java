package io.kxm.core.net;

import java.util.Locale;
import java.util.Optional;

/**
 * A {@code Host} header split into the name it gives and the port, if it gives one. The name is in
 * lower case and keeps the brackets of an IPv6 literal; a colon counts as the port's separator only
 * after a closing bracket or as the one colon of the value, so a bare IPv6 literal is all name.
 *
 * @param name the host as sent, lower case
 * @param port the digits after the separator as sent (possibly empty or not a number), or empty
 */
public record HostHeader(String name, Optional<String> port) {

  /** The parts of {@code value}; empty for a missing or blank header. */
  public static Optional<HostHeader> parse(String value) {
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    String h = value.strip().toLowerCase(Locale.ROOT);
    int close = h.lastIndexOf(']');
    int colon = h.lastIndexOf(':');
    if (colon > close && (close >= 0 || h.indexOf(':') == colon)) {
      return Optional.of(
          new HostHeader(h.substring(0, colon), Optional.of(h.substring(colon + 1))));
    }
    return Optional.of(new HostHeader(h, Optional.empty()));
  }

  /** Whether the header gives exactly {@code expected} as its port. */
  public boolean hasPort(int expected) {
    return port.map(p -> p.equals(Integer.toString(expected))).orElse(false);
  }
}
