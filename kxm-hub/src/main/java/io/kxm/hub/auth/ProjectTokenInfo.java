package io.kxm.hub.auth;

import java.time.Instant;

/**
 * What may be shown of one accepted project token: never its value or hash.
 *
 * @param createdAt when the hub first recorded it; null for one from the environment
 * @param generation 1 for the project's first token, one more per rotation; 0 for the environment
 * @param source {@code environment} ({@code KXM_PROJECT_TOKENS}), {@code file} (read from a node's
 *     hub-env.json) or {@code issued} (by a rotation)
 */
public record ProjectTokenInfo(String project, Instant createdAt, long generation, String source) {}
