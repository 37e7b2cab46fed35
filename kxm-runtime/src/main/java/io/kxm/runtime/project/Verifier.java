package io.kxm.runtime.project;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.Receipt;
import io.kxm.runtime.api.Verification;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.run.RunChain;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.runtime.store.RunEventLog;
import java.util.List;
import java.util.Optional;

/** Recomputes a run's hash chain and checks its last receipt against it. */
final class Verifier {
  private Verifier() {}

  static Verification verify(RunEventLog store, Receipts receipts, String runId) {
    List<StoredEvent> events = store.events(runId);
    if (events.isEmpty()) {
      throw new KxmException(ErrorCode.RUN_NOT_FOUND, "no run " + runId + " in this project");
    }
    long count = events.size();
    RunChain.Check chain = RunChain.verify(runId, events);
    Optional<Receipt> receipt = LastReceipt.of(store, runId);
    boolean signed = receipt.isPresent() && receipts.verify(receipt.get());
    if (!chain.ok()) {
      return new Verification(
          runId, false, count, chain.firstBadSequence(), chain.problem(), chain.message(), signed);
    }
    if (receipt.isPresent()) {
      Receipt r = receipt.get();
      if (!signed) {
        return new Verification(
            runId,
            false,
            count,
            -1,
            "receipt_signature_invalid",
            "receipt " + r.receiptId() + " is not signed by this runtime's key " + receipts.keyId(),
            false);
      }
      if (r.headSequence() < 1
          || r.headSequence() > count
          || !events.get((int) r.headSequence() - 1).hash().equals(r.headHash())) {
        return new Verification(
            runId,
            false,
            count,
            Math.min(Math.max(r.headSequence(), 1), count),
            "receipt_head_mismatch",
            "receipt " + r.receiptId() + " covers event " + r.headSequence() + " with another hash",
            true);
      }
    }
    try {
      store.load(runId);
    } catch (KxmException e) {
      return new Verification(runId, false, count, -1, e.code().code(), e.getMessage(), signed);
    }
    return new Verification(
        runId,
        true,
        count,
        -1,
        null,
        receipt.isPresent() ? "chain and receipt verify" : "chain verifies; no receipt yet",
        signed);
  }
}
