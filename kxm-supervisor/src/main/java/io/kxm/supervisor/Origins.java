package io.kxm.supervisor;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * Browser origins as a browser sends them: lower-case {@code scheme://host[:port]}, the default
 * port left out, no path. Allowed origins and {@code Origin} headers are compared in this form.
 */
final class Origins {
  private Origins() {}

  /** The normalized origin, or empty when {@code text} is not an http(s) origin. */
  static Optional<String> normalize(String text) {
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    try {
      URI uri = new URI(text.strip());
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      String path = uri.getRawPath();
      if (!(scheme.equals("http") || scheme.equals("https"))
          || uri.getHost() == null
          || uri.getRawUserInfo() != null
          || uri.getRawQuery() != null
          || uri.getRawFragment() != null
          || !(path == null || path.isEmpty())) {
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
