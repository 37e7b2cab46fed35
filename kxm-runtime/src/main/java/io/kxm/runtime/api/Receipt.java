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
    String signature) {}
