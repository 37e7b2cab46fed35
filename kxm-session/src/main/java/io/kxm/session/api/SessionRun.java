package io.kxm.session.api;

import java.time.Instant;

/**
 * One turn of a session.
 *
 * @param resumedFrom the interrupted run this one continues (after an interaction was answered
 *     across a supervisor restart); null for a fresh turn
 * @param outcome the harness's normalized outcome once it ended: {@code success}, {@code
 *     recovered}, {@code error} or {@code silent_failure}; null before
 * @param error a stable code for why it failed or was interrupted ({@code server_restart}, {@code
 *     shutdown_grace_expired}, {@code silent_failure}, …); null otherwise
 * @param finalMessage the agent's final message; null until completed
 */
public record SessionRun(
    String id,
    String sessionId,
    String prompt,
    SessionRunStatus status,
    String resumedFrom,
    String outcome,
    String error,
    String finalMessage,
    Instant createdAt,
    Instant startedAt,
    Instant finishedAt) {}
