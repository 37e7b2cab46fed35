package io.kxm.supervisor;

import java.time.Instant;

/**
 * The registry's one supervisor row.
 *
 * @param tokenSha256 hex SHA-256 of the bearer token; the token itself is only in its 0600 file or
 *     in {@code KXM_RUNTIME_TOKEN}
 * @param state {@code starting}, {@code running}, {@code draining} or {@code stopped}
 * @param host where local clients reach it, as a URL names it: 127.0.0.1 unless the supervisor is
 *     bound to one non-loopback address
 */
public record SupervisorRow(
    String runtimeId,
    long pid,
    int port,
    String tokenSha256,
    Instant startedAt,
    Instant heartbeatAt,
    String state,
    String host) {

  /** A supervisor reached on 127.0.0.1. */
  public SupervisorRow(
      String runtimeId,
      long pid,
      int port,
      String tokenSha256,
      Instant startedAt,
      Instant heartbeatAt,
      String state) {
    this(runtimeId, pid, port, tokenSha256, startedAt, heartbeatAt, state, "127.0.0.1");
  }

  /** Where clients reach it. */
  public String url() {
    return "http://" + host + ":" + port;
  }

  public boolean processAlive() {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
