package io.kxm.session.store;

import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The two columns that tell runtime instances sharing a store apart, written in the same
 * transaction as the change they belong to: the instance that owns a session (and so takes its
 * queued runs) and the instance that executes a running run (and so is the only one that may end
 * it, or, once its lease lapsed, whose survivor reconciles it). A store no other instance uses
 * writes neither.
 */
final class SharedRows {
  private SharedRows() {}

  static void ownNewSession(WriteTx tx, String sessionId) throws SQLException {
    if (tx.instanceId() == null) {
      return;
    }
    PreparedStatement s = tx.prepare("UPDATE sessions SET owner_instance = ? WHERE id = ?");
    s.setString(1, tx.instanceId());
    s.setString(2, sessionId);
    s.executeUpdate();
  }

  static void markExecutor(WriteTx tx, String runId) throws SQLException {
    if (tx.instanceId() == null) {
      return;
    }
    PreparedStatement s = tx.prepare("UPDATE runs SET instance_id = ? WHERE id = ?");
    s.setString(1, tx.instanceId());
    s.setString(2, runId);
    s.executeUpdate();
  }
}
