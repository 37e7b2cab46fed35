package io.kxm.core.workflow.signature;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Instant;

/** What checking a signed request found. A bad signature is an expected answer, not a throw. */
public sealed interface SignatureCheck {

  /**
   * The signature is genuine and fresh.
   *
   * @param bodySha256 hex SHA-256 of the raw body, the only form of the body that is kept
   * @param signedAt the signed timestamp, or null for an untimestamped signature
   * @param signatureSha256 hex SHA-256 of the signature's 32 bytes (however its hex was cased): the
   *     digest the store keeps to refuse the same signature twice
   */
  record Verified(String bodySha256, Instant signedAt, String signatureSha256)
      implements SignatureCheck {}

  /**
   * @param code {@code SIGNATURE_INVALID}, {@code SIGNATURE_EXPIRED} or {@code INVALID_DELIVERY_ID}
   */
  record Refused(ErrorCode code, String message) implements SignatureCheck {
    public KxmException toException() {
      return new KxmException(code, message);
    }
  }
}
