package io.kxm.runtime.receipt;

/**
 * The latest event of a run as its log's writer last signed it.
 *
 * @param sequence the event's sequence in the run's log (a store-wide seq for session runs)
 * @param hash the event's chain hash
 * @param signed whether the signature is this runtime's over exactly these fields
 */
public record SignedHead(String runId, long sequence, String hash, boolean signed) {}
