package io.kxm.runtime.api;

import java.time.Instant;

/**
 * A run as lists show it.
 *
 * @param status the wire form of the run state, for example {@code running} or {@code waiting}
 */
public record RunSummary(
    String runId, String workflowId, String status, Instant createdAt, Instant updatedAt) {}
