package io.kxm.hub.auth;

import java.time.Instant;
import java.util.Optional;

/**
 * A token a rotation just minted: the only time its value is seen, since the hub keeps its hash.
 *
 * @param project the project it belongs to; empty for the admin token
 */
public record IssuedToken(
    Optional<String> project, String token, Instant createdAt, long generation) {}
