package io.kxm.store.sync;

import java.time.Instant;

/**
 * A runtime run as the hub knows it from the events synced so far.
 *
 * @param workflowId from the first event that named one, else null
 * @param status from the newest event that carried one, else null
 * @param lastSequence the highest sequence received; gaps are possible while rows are parked
 * @param updatedAt the time of the newest event
 */
public record RuntimeRun(
    String project,
    String runId,
    String workflowId,
    String status,
    long lastSequence,
    long events,
    Instant updatedAt) {}
