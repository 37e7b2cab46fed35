package io.kxm.mcp.http;

import io.kxm.mcp.McpServerOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Settings of an {@link McpHttpEndpoint}, fixed at {@link #build()}.
 *
 * <p>The defaults are deliberate: a keep-alive ping every 30 s finds dead clients whose event
 * stream is still open; sessions with no open stream and no request for a sweep interval (10 min)
 * are closed, since many clients never send DELETE; a request body may be 512 KiB, room for a
 * 32,000-character request however it is escaped.
 */
public final class McpHttpEndpointBuilder<P> {
  final BearerAuthenticator<P> authenticator;
  final SessionBinder<P> binder;
  McpServerOptions options = McpServerOptions.defaults("dev");
  List<String> allowedHosts = List.of();
  boolean anyHost;
  List<String> allowedOrigins = List.of();
  Duration keepAlive = Duration.ofSeconds(30);
  Duration sessionSweep = Duration.ofMinutes(10);
  int maxRequestBytes = 512 * 1024;
  Clock clock = Clock.systemUTC();

  McpHttpEndpointBuilder(BearerAuthenticator<P> authenticator, SessionBinder<P> binder) {
    this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
    this.binder = Objects.requireNonNull(binder, "binder");
  }

  public McpHttpEndpointBuilder<P> options(McpServerOptions options) {
    this.options = Objects.requireNonNull(options, "options");
    return this;
  }

  /**
   * Host header values the server answers to, for example {@code 127.0.0.1:*} and {@code
   * localhost:*} on loopback; any other gets 421. Required: without it DNS rebinding is open.
   */
  public McpHttpEndpointBuilder<P> allowedHosts(List<String> hosts) {
    this.allowedHosts = List.copyOf(hosts);
    return this;
  }

  /**
   * Answers whatever Host a request names. Only for a server bound beyond loopback: clients there
   * reach it by names it cannot know, and DNS rebinding aims at loopback servers.
   */
  public McpHttpEndpointBuilder<P> anyHost() {
    this.anyHost = true;
    return this;
  }

  public McpHttpEndpointBuilder<P> allowedOrigins(List<String> origins) {
    this.allowedOrigins = List.copyOf(origins);
    return this;
  }

  public McpHttpEndpointBuilder<P> keepAlive(Duration interval) {
    this.keepAlive = Objects.requireNonNull(interval, "interval");
    return this;
  }

  public McpHttpEndpointBuilder<P> sessionSweep(Duration interval) {
    this.sessionSweep = Objects.requireNonNull(interval, "interval");
    return this;
  }

  public McpHttpEndpointBuilder<P> maxRequestBytes(int bytes) {
    this.maxRequestBytes = bytes;
    return this;
  }

  public McpHttpEndpointBuilder<P> clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  public McpHttpEndpoint<P> build() {
    if (allowedHosts.isEmpty() && !anyHost) {
      throw new IllegalStateException(
          "allowedHosts is required (or anyHost() beyond loopback); it is the DNS-rebinding guard");
    }
    return new McpHttpEndpoint<>(this);
  }

  /**
   * A session idle this long lost its SDK session too: the sweep closes idle sessions after one to
   * two intervals, and keep-alive answers refresh sessions whose stream is open.
   */
  Duration bindingIdleTimeout() {
    return sessionSweep.multipliedBy(2).plus(keepAlive);
  }
}
