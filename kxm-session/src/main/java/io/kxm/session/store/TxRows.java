package io.kxm.session.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

/** Reads inside the writer's transaction, where a change decides on the state it will change. */
final class TxRows {
  /** A run with the hash its next event chains from. */
  record RunHead(SessionRun run, String lastHash) {}

  private TxRows() {}

  static Session session(WriteTx tx, String sessionId) throws SQLException {
    PreparedStatement s = tx.prepare("SELECT " + Rows.SESSION_READ + " FROM sessions WHERE id = ?");
    s.setString(1, sessionId);
    try (ResultSet rs = s.executeQuery()) {
      if (!rs.next()) {
        throw new KxmException(ErrorCode.SESSION_NOT_FOUND, "no session " + sessionId);
      }
      return Rows.session(rs);
    }
  }

  static RunHead run(WriteTx tx, String runId) throws SQLException {
    PreparedStatement s = tx.prepare("SELECT " + Rows.RUN + ", last_hash FROM runs WHERE id = ?");
    s.setString(1, runId);
    try (ResultSet rs = s.executeQuery()) {
      if (!rs.next()) {
        throw new KxmException(
            ErrorCode.RUN_NOT_FOUND,
            "no session run " + runId,
            "Read the session's runs with GET /v1/sessions/{id} and use one of their IDs.");
      }
      return new RunHead(Rows.run(rs), rs.getString(12));
    }
  }

  static Interaction interaction(WriteTx tx, String interactionId) throws SQLException {
    PreparedStatement s =
        tx.prepare("SELECT " + Rows.INTERACTION + " FROM interactions WHERE id = ?");
    s.setString(1, interactionId);
    try (ResultSet rs = s.executeQuery()) {
      return rs.next() ? Rows.interaction(rs) : null;
    }
  }

  static void touchSession(WriteTx tx, String sessionId, Instant at) throws SQLException {
    PreparedStatement s = tx.prepare("UPDATE sessions SET last_active_at = ? WHERE id = ?");
    s.setString(1, Rows.time(at));
    s.setString(2, sessionId);
    s.executeUpdate();
  }
}
