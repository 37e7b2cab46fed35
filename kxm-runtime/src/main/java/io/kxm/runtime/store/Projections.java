package io.kxm.runtime.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.run.RunState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The stored projection of each run ({@code run_state}): written with every event, and compared
 * with the fold on every read, so an edit of either one is noticed instead of trusted.
 */
final class Projections {
  private Projections() {}

  static void write(Connection c, RunState state, boolean first) throws SQLException {
    String sql =
        first
            ? "INSERT INTO run_state (status, last_seq, last_hash, updated_at, run_id)"
                + " VALUES (?, ?, ?, ?, ?)"
            : "UPDATE run_state SET status = ?, last_seq = ?, last_hash = ?, updated_at = ?"
                + " WHERE run_id = ?";
    try (PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, state.status().wire());
      s.setLong(2, state.lastSequence());
      s.setString(3, state.lastHash());
      s.setString(4, state.updatedAt().toString());
      s.setString(5, state.runId());
      if (s.executeUpdate() != 1) {
        throw new KxmException(
            ErrorCode.RUN_STATE_DIVERGED, "run " + state.runId() + " has no stored projection");
      }
    }
  }

  /** The projection as stored: status, head sequence and head hash. */
  record Stored(String status, long lastSeq, String lastHash) {}

  static void check(RunEventStore store, RunState folded) {
    Stored stored =
        store.read(
            "read the projection of run " + folded.runId(),
            c -> {
              try (PreparedStatement s =
                  c.prepareStatement(
                      "SELECT status, last_seq, last_hash FROM run_state WHERE run_id = ?")) {
                s.setString(1, folded.runId());
                try (ResultSet rs = s.executeQuery()) {
                  return rs.next()
                      ? new Stored(rs.getString(1), rs.getLong(2), rs.getString(3))
                      : null;
                }
              }
            });
    compare(folded, stored);
  }

  /** Refuses a run whose stored projection ({@code null}: none) disagrees with its fold. */
  static void compare(RunState folded, Stored stored) {
    String problem = null;
    if (stored == null) {
      problem = "no stored projection";
    } else if (!folded.status().wire().equals(stored.status())) {
      problem =
          "stored status " + stored.status() + " but the events fold to " + folded.status().wire();
    } else if (stored.lastSeq() != folded.lastSequence()
        || !folded.lastHash().equals(stored.lastHash())) {
      problem = "stored head " + stored.lastSeq() + " but the log ends at " + folded.lastSequence();
    }
    if (problem != null) {
      throw new KxmException(
          ErrorCode.RUN_STATE_DIVERGED, "run " + folded.runId() + " refused: " + problem);
    }
  }
}
