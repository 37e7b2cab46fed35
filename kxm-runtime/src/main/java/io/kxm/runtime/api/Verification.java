package io.kxm.runtime.api;

/**
 * The outcome of re-checking a run's log and receipt.
 *
 * @param firstBadSequence the first event that does not verify; -1 when all do
 * @param problem a stable code for what failed, null when {@code ok}
 */
public record Verification(
    String runId,
    boolean ok,
    long events,
    long firstBadSequence,
    String problem,
    String message,
    boolean receiptVerified) {}
