package io.kxm.runtime.api;

import java.time.Instant;

/**
 * The signed statement a drive leaves behind: which run, how the drive ended, and the head of the
 * hash chain it covers.
 *
 * @param kind {@code terminal}, {@code handoff} or {@code unsettled}
 * @param headSequence the sequence number of the last event covered
 * @param headHash the hash of that event, hex
 * @param keyId the fingerprint of the runtime's Ed25519 public key
 * @param signature base64 Ed25519 signature over the receipt's canonical bytes
 * @param spend what the attempts it covers used, added up from their {@code attempt.spent} events
 *     (so the head hash covers it too); signed with the rest, and null for a run without spend
 */
public record Receipt(
    String receiptId,
    String runId,
    String kind,
    String runStatus,
    long headSequence,
    String headHash,
    Instant issuedAt,
    String keyId,
    String signature,
    SpendTotal spend) {

  /** The same receipt saying {@code total} as its spend, as it was signed. */
  public Receipt withSpend(SpendTotal total) {
    return new Receipt(
        receiptId,
        runId,
        kind,
        runStatus,
        headSequence,
        headHash,
        issuedAt,
        keyId,
        signature,
        total);
  }
}
