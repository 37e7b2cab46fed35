package io.kxm.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.security.SecureRandom;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * The JDK's HTTP client, built for one base URL. The JDK builds a client's TLS context when the
 * client is built, whatever the URLs: that loads the trusted certificates and the TLS provider,
 * which was a tenth of a short {@code kxm} command's time against a hub on {@code http://}. A
 * client for a plain-HTTP base gets a TLS context that loads nothing and refuses any use, since it
 * never speaks TLS: the client follows no redirects, so an {@code https://} address cannot come
 * back to it, and were the context ever called the call would fail rather than go out unchecked. A
 * client for {@code https://} keeps the JDK's defaults.
 */
public final class HttpClients {
  private HttpClients() {}

  /** An HTTP/1.1 builder for calls to {@code base}; the caller adds timeouts and builds it. */
  public static HttpClient.Builder forBase(URI base) {
    // HTTP/1.1: the JDK would otherwise offer an h2c upgrade on every plain-HTTP request.
    HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1);
    if ("http".equalsIgnoreCase(base.getScheme())) {
      builder.sslContext(new NoTls()).sslParameters(new SSLParameters());
    }
    return builder;
  }

  /**
   * A TLS context that refuses every use. Even an empty JDK context loads the TLS provider and
   * seeds a random source, half of what building the client cost; this one loads nothing.
   */
  private static final class NoTls extends SSLContext {
    NoTls() {
      super(new Refusing(), null, "none");
    }
  }

  private static final class Refusing extends SSLContextSpi {
    private static IllegalStateException refused() {
      return new IllegalStateException("this client speaks plain HTTP only");
    }

    @Override
    protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom random) {
      throw refused();
    }

    @Override
    protected SSLSocketFactory engineGetSocketFactory() {
      throw refused();
    }

    @Override
    protected SSLServerSocketFactory engineGetServerSocketFactory() {
      throw refused();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine() {
      throw refused();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine(String host, int port) {
      throw refused();
    }

    @Override
    protected SSLSessionContext engineGetServerSessionContext() {
      throw refused();
    }

    @Override
    protected SSLSessionContext engineGetClientSessionContext() {
      throw refused();
    }
  }
}
