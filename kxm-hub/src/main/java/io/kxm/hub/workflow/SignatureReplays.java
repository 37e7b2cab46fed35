package io.kxm.hub.workflow;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.signature.SignatureCheck;
import io.kxm.store.Tx;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Accepts each verified signature once, on every node: its digest is claimed in the transaction
 * that acts on the request, so a refusal later in that transaction frees it again. A timestamped
 * digest is kept until its timestamp leaves the replay window (one second more, for the inclusive
 * edge); an untimestamped one, which never expires by itself, for the retention period.
 */
final class SignatureReplays {
  private static final Duration EDGE = Duration.ofSeconds(1);

  private final Clock clock;
  private final Duration untimestampedRetention;

  SignatureReplays(Clock clock, Duration untimestampedRetention) {
    this.clock = clock;
    this.untimestampedRetention = untimestampedRetention;
  }

  /**
   * @param what the request, for the message: its workflow or run and its delivery
   * @throws KxmException {@code SIGNATURE_REPLAYED} when the signature was accepted before
   */
  void claim(Tx tx, SignatureCheck.Verified signature, WorkflowDefinition definition, String what) {
    Instant now = clock.instant();
    Instant keepUntil =
        signature.signedAt() == null
            ? now.plus(untimestampedRetention)
            : signature.signedAt().plus(definition.replayWindow()).plus(EDGE);
    if (!tx.signatureDigests().claim(signature.signatureSha256(), keepUntil, now)) {
      throw new KxmException(
          ErrorCode.SIGNATURE_REPLAYED,
          "this signature was already accepted (" + what + "); each signature is accepted once");
    }
  }
}
