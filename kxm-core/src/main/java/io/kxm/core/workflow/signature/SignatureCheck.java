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
   */
  record Verified(String bodySha256, Instant signedAt) implements SignatureCheck {}

  /**
   * @param code {@code SIGNATURE_INVALID} or {@code SIGNATURE_EXPIRED}
   */
  record Refused(ErrorCode code, String message) implements SignatureCheck {
    public KxmException toException() {
      return new KxmException(code, message);
    }
  }
}
