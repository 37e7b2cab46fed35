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

  static void check(RunEventStore store, RunState folded) {
    String problem =
        store.read(
            "read the projection of run " + folded.runId(),
            c -> {
              try (PreparedStatement s =
                  c.prepareStatement(
                      "SELECT status, last_seq, last_hash FROM run_state WHERE run_id = ?")) {
                s.setString(1, folded.runId());
                try (ResultSet rs = s.executeQuery()) {
                  if (!rs.next()) {
                    return "no stored projection";
                  }
                  if (!folded.status().wire().equals(rs.getString(1))) {
                    return "stored status "
                        + rs.getString(1)
                        + " but the events fold to "
                        + folded.status().wire();
                  }
                  if (rs.getLong(2) != folded.lastSequence()
                      || !folded.lastHash().equals(rs.getString(3))) {
                    return "stored head "
                        + rs.getLong(2)
                        + " but the log ends at "
                        + folded.lastSequence();
                  }
                  return null;
                }
              }
            });
    if (problem != null) {
      throw new KxmException(
          ErrorCode.RUN_STATE_DIVERGED, "run " + folded.runId() + " refused: " + problem);
    }
  }
}
