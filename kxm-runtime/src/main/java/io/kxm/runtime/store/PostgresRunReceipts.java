package io.kxm.runtime.store;

import io.kxm.runtime.api.Receipt;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.receipt.SignedHead;
import io.kxm.runtime.receipt.SignedHeads;
import io.kxm.runtime.run.RunState;
import io.kxm.store.jdbc.Jdbc;
import java.time.Instant;
import java.util.Optional;

/** The statements of {@link PostgresRunEventLog} on drive receipts and signed heads. */
final class PostgresRunReceipts {
  private PostgresRunReceipts() {}

  static int save(Jdbc jdbc, String projectKey, Receipt r) {
    return jdbc.update(
        "INSERT INTO drive_receipts (project_key, receipt_id, run_id, kind, run_status, head_seq,"
            + " head_hash, issued_at, issued_ms, key_id, signature)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        projectKey,
        r.receiptId(),
        r.runId(),
        r.kind(),
        r.runStatus(),
        r.headSequence(),
        r.headHash(),
        r.issuedAt().toString(),
        r.issuedAt(),
        r.keyId(),
        r.signature());
  }

  /** The highest head's receipt, the latest issued among equals, without its spend. */
  static Optional<Receipt> last(Jdbc jdbc, String projectKey, String runId) {
    return jdbc.first(
        "SELECT receipt_id, run_id, kind, run_status, head_seq, head_hash, issued_at, key_id,"
            + " signature FROM drive_receipts WHERE project_key = ? AND run_id = ?"
            + " ORDER BY head_seq DESC, issued_ms DESC, receipt_no DESC LIMIT 1",
        row ->
            new Receipt(
                row.stringAt(1),
                row.stringAt(2),
                row.stringAt(3),
                row.stringAt(4),
                row.longValue("head_seq"),
                row.stringAt(6),
                Instant.parse(row.stringAt(7)),
                row.stringAt(8),
                row.stringAt(9),
                null),
        projectKey,
        runId);
  }

  /** Moves the run's head to where {@code state} ends, never back. */
  static void advanceHead(Jdbc jdbc, String projectKey, RunState state, Receipts signer) {
    jdbc.update(
        "INSERT INTO run_heads (project_key, run_id, seq, hash, key_id, signature)"
            + " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (project_key, run_id) DO UPDATE"
            + " SET seq = excluded.seq, hash = excluded.hash, key_id = excluded.key_id,"
            + " signature = excluded.signature WHERE excluded.seq > run_heads.seq",
        projectKey,
        state.runId(),
        state.lastSequence(),
        state.lastHash(),
        signer.keyId(),
        SignedHeads.sign(signer, state.runId(), state.lastSequence(), state.lastHash()));
  }

  static Optional<SignedHead> head(Jdbc jdbc, String projectKey, String runId, Receipts signer) {
    return jdbc.first(
        "SELECT seq, hash, key_id, signature FROM run_heads WHERE project_key = ? AND run_id = ?",
        row ->
            SignedHeads.checked(
                signer,
                runId,
                row.longValue("seq"),
                row.stringAt(2),
                row.stringAt(3),
                row.stringAt(4)),
        projectKey,
        runId);
  }
}
