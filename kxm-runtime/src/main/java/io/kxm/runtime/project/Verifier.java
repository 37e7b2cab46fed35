package io.kxm.runtime.project;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.Receipt;
import io.kxm.runtime.api.Verification;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.receipt.SignedHead;
import io.kxm.runtime.run.RunChain;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.runtime.store.RunEventLog;
import java.util.List;
import java.util.Optional;

/**
 * Recomputes a run's hash chain and checks its signed head and last receipt against it. The head is
 * read before the events, so an append committed in between makes the log longer than the head,
 * which checks, and never shorter.
 */
final class Verifier {
  private Verifier() {}

  static Verification verify(RunEventLog store, Receipts receipts, String runId) {
    Optional<SignedHead> head = store.signedHead(runId);
    List<StoredEvent> events = store.events(runId);
    if (events.isEmpty() && head.isEmpty()) {
      throw new KxmException(ErrorCode.RUN_NOT_FOUND, "no run " + runId + " in this project");
    }
    Found found = new Found(runId, events);
    RunChain.Check chain = RunChain.verify(runId, events);
    Optional<Receipt> receipt = LastReceipt.of(store, runId);
    boolean signed = receipt.isPresent() && receipts.verify(receipt.get());
    if (!chain.ok()) {
      return found.bad(chain.firstBadSequence(), chain.problem(), chain.message(), signed, false);
    }
    if (head.isPresent()) {
      Optional<Verification> bad = found.againstHead(head.get(), signed);
      if (bad.isPresent()) {
        return bad.get();
      }
    }
    boolean headOk = head.isPresent();
    if (receipt.isPresent()) {
      Receipt r = receipt.get();
      if (!signed) {
        return found.bad(
            -1,
            "receipt_signature_invalid",
            "receipt " + r.receiptId() + " is not signed by this runtime's key " + receipts.keyId(),
            false,
            headOk);
      }
      long count = events.size();
      if (r.headSequence() < 1
          || r.headSequence() > count
          || !events.get((int) r.headSequence() - 1).hash().equals(r.headHash())) {
        return found.bad(
            Math.min(Math.max(r.headSequence(), 1), count),
            "receipt_head_mismatch",
            "receipt " + r.receiptId() + " covers event " + r.headSequence() + " with another hash",
            true,
            headOk);
      }
    }
    try {
      store.load(runId);
    } catch (KxmException e) {
      return found.bad(-1, e.code().code(), e.getMessage(), signed, headOk);
    }
    String what =
        receipt.isPresent() ? "chain and receipt verify" : "chain verifies; no receipt yet";
    return new Verification(
        runId,
        true,
        events.size(),
        -1,
        null,
        null,
        headOk ? what : what + "; no signed head (the run predates them)",
        signed,
        headOk);
  }

  /** The run's events as read, and failures that name an event by its sequence and type. */
  private record Found(String runId, List<StoredEvent> events) {
    Verification bad(
        long sequence, String problem, String message, boolean receipt, boolean headOk) {
      String type =
          sequence >= 1 && sequence <= events.size() ? events.get((int) sequence - 1).type() : null;
      return new Verification(
          runId, false, events.size(), sequence, type, problem, message, receipt, headOk);
    }

    /**
     * A log may run past its head (a crash between an append and its head), but never stop short of
     * it, and its event at the head's sequence must have the signed hash.
     */
    Optional<Verification> againstHead(SignedHead head, boolean receipt) {
      long count = events.size();
      if (!head.signed()) {
        return Optional.of(
            bad(
                Math.min(head.sequence(), count),
                "run_head_signature_invalid",
                "the head of run "
                    + runId
                    + " (event "
                    + head.sequence()
                    + ") is not signed by this runtime's key",
                receipt,
                false));
      }
      if (head.sequence() > count) {
        String last =
            count == 0
                ? "the log holds no event"
                : "the log ends at event " + count + " (" + events.getLast().type() + ")";
        return Optional.of(
            bad(
                count + 1,
                "run_log_truncated",
                "the signed head of run "
                    + runId
                    + " is event "
                    + head.sequence()
                    + ", but "
                    + last
                    + ": events "
                    + (count + 1)
                    + " to "
                    + head.sequence()
                    + " were removed",
                receipt,
                false));
      }
      StoredEvent at = events.get((int) head.sequence() - 1);
      if (!at.hash().equals(head.hash())) {
        return Optional.of(
            bad(
                head.sequence(),
                "run_head_mismatch",
                "event "
                    + head.sequence()
                    + " ("
                    + at.type()
                    + ") has another hash than the signed head: the log up to it was rewritten",
                receipt,
                false));
      }
      return Optional.empty();
    }
  }
}
