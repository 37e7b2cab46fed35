package io.kxm.session.api;

import java.time.Instant;

/**
 * A durable conversation with one agent in one workspace. Its message history lives in the session
 * store; the supervisor holds it in memory only while the session is active.
 *
 * @param model the model route handed to the harness; null when the harness chooses
 */
public record Session(
    String id,
    String workspaceRoot,
    HarnessSpec harness,
    String model,
    Instant createdAt,
    Instant lastActiveAt) {}
