package io.kxm.runtime.api;

import io.kxm.core.error.KxmException;
import java.time.Instant;

/**
 * A run as lists show it.
 *
 * @param status the wire form of the run state, for example {@code running} or {@code waiting}
 * @param config the {@code .kxm/} the run runs; null for runs recorded before runs pinned a commit
 * @param damage for a run whose stored log cannot be read ({@code status} is {@code damaged}), the
 *     error code and message of the refusal; null otherwise
 */
public record RunSummary(
    String runId,
    String workflowId,
    String status,
    Instant createdAt,
    Instant updatedAt,
    ConfigPin config,
    String damage) {
  public static final String DAMAGED = "damaged";

  /** A run a list shows although its log cannot be read, so one damaged run hides no other. */
  public static RunSummary damaged(String runId, KxmException refusal) {
    return new RunSummary(
        runId,
        null,
        DAMAGED,
        null,
        null,
        null,
        refusal.code().code() + ": " + refusal.getMessage());
  }
}
