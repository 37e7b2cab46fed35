package io.kxm.runtime.api;

import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * One event waiting to be synced, exactly as stored; the pusher builds what leaves the machine from
 * it through the sync allowlist.
 *
 * @param sequence the event's sequence number within its run, from 1
 * @param type the event type, for example {@code run.created}
 * @param data the event's payload as stored locally (never sent as is)
 */
public record OutboxRow(
    long rowId,
    String projectKey,
    String runId,
    long sequence,
    String type,
    Instant at,
    JsonNode data) {}
