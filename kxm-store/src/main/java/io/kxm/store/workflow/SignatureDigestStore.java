package io.kxm.store.workflow;

import java.time.Instant;

/**
 * Digests of accepted webhook and signal signatures, shared by every hub node on the store. A
 * digest is claimed in the transaction that acts on its request, so of two nodes racing with the
 * same signature exactly one commits the claim and the other sees it taken.
 */
public interface SignatureDigestStore {

  /**
   * Records {@code digest} until {@code keepUntil}, unless it is already recorded and not yet
   * expired at {@code now}.
   *
   * @return true when this call recorded it; false when the signature was accepted before
   */
  boolean claim(String digest, Instant keepUntil, Instant now);

  /** Deletes digests whose keep-until is not after {@code now}; returns how many. */
  int purgeExpired(Instant now);
}
