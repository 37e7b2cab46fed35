package io.kxm.supervisor;

import io.kxm.core.settings.EnvSettings;

/**
 * What {@code kxm runtime serve --bind} names: a host, optionally with a port ({@code HOST}, {@code
 * HOST:PORT}, {@code [::1]:PORT}). A flag of the command line, parsed here so that the settings
 * read from the environment stay with {@link EnvSettings}.
 *
 * @param host null when {@code --bind} was not given
 * @param port 0 (any free port) unless one was given
 */
record BindAddress(String host, int port) {

  static BindAddress parse(String bind) {
    if (bind == null) {
      return new BindAddress(null, 0);
    }
    String b = bind.strip();
    int colon = b.lastIndexOf(':');
    boolean bracketed = b.startsWith("[");
    String host = b;
    int port = 0;
    if (bracketed ? b.contains("]:") : colon > 0 && b.indexOf(':') == colon) {
      host = b.substring(0, colon);
      port = port(b.substring(colon + 1));
    }
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    return new BindAddress(host, port);
  }

  private static int port(String text) {
    if (!text.matches("[0-9]{1,5}")) {
      throw EnvSettings.invalid(
          "--bind",
          "takes HOST or HOST:PORT with a port of 0 to 65535, got '"
              + NetworkSettings.printable(text)
              + "'");
    }
    return Integer.parseInt(text);
  }
}
