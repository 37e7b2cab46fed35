package io.kxm.session.api;

import java.time.Instant;

/**
 * A durable conversation with one agent in one workspace. Its message history lives in the session
 * store; the supervisor holds it in memory only while the session is active.
 *
 * @param model the model route handed to the harness; null when the harness chooses
 * @param closedAt when it was closed, after which it takes no new turns; null while open
 */
public record Session(
    String id,
    String workspaceRoot,
    HarnessSpec harness,
    String model,
    Instant createdAt,
    Instant lastActiveAt,
    Instant closedAt) {

  /** Whether it was closed and so takes no new turns. */
  public boolean closed() {
    return closedAt != null;
  }
}
