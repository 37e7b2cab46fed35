package io.kxm.runtime.supervisor;

import java.time.Instant;

/**
 * The registry's one supervisor row.
 *
 * @param tokenSha256 hex SHA-256 of the bearer token; the token itself is only in its 0600 file
 * @param state {@code starting}, {@code running}, {@code draining} or {@code stopped}
 */
public record SupervisorRow(
    String runtimeId,
    long pid,
    int port,
    String tokenSha256,
    Instant startedAt,
    Instant heartbeatAt,
    String state) {

  /** Where clients reach it; the supervisor binds loopback only. */
  public String url() {
    return "http://127.0.0.1:" + port;
  }

  public boolean processAlive() {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
