package io.kxm.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.security.GeneralSecurityException;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;

/**
 * The JDK's HTTP client, built for one base URL. The JDK builds a client's TLS context when the
 * client is built, whatever the URLs: that loads the trusted certificates and every cipher suite,
 * which was a fifth of a short {@code kxm} command's time against a hub on {@code http://}. A
 * client for a plain-HTTP base gets a TLS context that loads nothing, since it never speaks TLS
 * (the client follows no redirects, so an {@code https://} address cannot come back to it). A
 * client for {@code https://} keeps the JDK's defaults.
 */
public final class HttpClients {
  private HttpClients() {}

  /** An HTTP/1.1 builder for calls to {@code base}; the caller adds timeouts and builds it. */
  public static HttpClient.Builder forBase(URI base) {
    // HTTP/1.1: the JDK would otherwise offer an h2c upgrade on every plain-HTTP request.
    HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1);
    if ("http".equalsIgnoreCase(base.getScheme())) {
      builder.sslContext(noTls()).sslParameters(new SSLParameters());
    }
    return builder;
  }

  private static SSLContext noTls() {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      // Empty managers load nothing; a TLS handshake on it fails, since no server can be trusted.
      context.init(new KeyManager[0], new TrustManager[0], null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK offers no TLS context", e);
    }
  }
}
