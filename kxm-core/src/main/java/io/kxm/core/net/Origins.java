package io.kxm.core.net;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * Browser origins in the form a browser sends them: lower-case {@code scheme://host[:port]}, the
 * default port left out, no path. Configured origins and {@code Origin} headers are compared in
 * this form; a configured origin may end in one {@code /}, which is dropped.
 */
public final class Origins {
  private Origins() {}

  /** The normalized origin, or empty when {@code text} is not an http(s) origin. */
  public static Optional<String> normalize(String text) {
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    try {
      URI uri = new URI(text.trim());
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      boolean bare =
          uri.getRawPath() == null || uri.getRawPath().isEmpty() || uri.getRawPath().equals("/");
      if (!(scheme.equals("http") || scheme.equals("https"))
          || uri.getHost() == null
          || uri.getRawUserInfo() != null
          || uri.getRawQuery() != null
          || uri.getRawFragment() != null
          || !bare) {
        return Optional.empty();
      }
      int port = uri.getPort();
      boolean defaultPort =
          port == -1
              || (scheme.equals("http") && port == 80)
              || (scheme.equals("https") && port == 443);
      String host = uri.getHost().toLowerCase(Locale.ROOT);
      return Optional.of(scheme + "://" + host + (defaultPort ? "" : ":" + port));
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }
}
