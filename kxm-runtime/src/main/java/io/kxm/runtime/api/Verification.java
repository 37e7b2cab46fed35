package io.kxm.runtime.api;

/**
 * The outcome of re-checking a run's log, its signed head and its receipt.
 *
 * @param firstBadSequence the first event that does not verify; -1 when all do
 * @param firstBadType that event's type; null when all verify or the event is missing
 * @param problem a stable code for what failed, null when {@code ok}
 * @param headVerified whether a signed head of the run was found and checks out
 */
public record Verification(
    String runId,
    boolean ok,
    long events,
    long firstBadSequence,
    String firstBadType,
    String problem,
    String message,
    boolean receiptVerified,
    boolean headVerified) {}
