package io.kxm.store.token;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of the shared token table: the hash of a token, whom it proves, and whether it is still
 * accepted. Never the token itself.
 *
 * @param hash lower-case hex SHA-256 of the token
 * @param project the project of a project token; empty for the admin token
 * @param generation 1 for the holder's first token, one more per rotation
 * @param origin {@code file} (read from a node's hub-env.json) or {@code issued} (by a rotation)
 * @param revokedAt when it stopped being accepted, or null while it is
 */
public record StoredToken(
    String hash,
    Optional<String> project,
    long generation,
    String origin,
    Instant createdAt,
    Instant revokedAt) {

  public StoredToken {
    Objects.requireNonNull(hash, "hash");
    Objects.requireNonNull(project, "project");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(createdAt, "createdAt");
  }

  public boolean active() {
    return revokedAt == null;
  }
}
