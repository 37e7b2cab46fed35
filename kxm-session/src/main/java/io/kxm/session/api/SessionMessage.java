package io.kxm.session.api;

import java.time.Instant;

/**
 * One entry of a session's durable history.
 *
 * @param role {@code user}, {@code assistant} or {@code interaction} (a person's answer)
 */
public record SessionMessage(long index, String runId, String role, String content, Instant at) {}
