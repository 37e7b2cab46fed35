package io.kxm.runtime.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.run.RunState;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Re-checks a run's gate rows against its events on every read: each row must hash to what it
 * stores and to what its {@code gate.observed} event says, and every such event needs its row.
 */
final class GateRows {
  private GateRows() {}

  static void check(RunEventStore store, RunState state) {
    Map<String, String[]> rows =
        store.read(
            "read the gate evidence of run " + state.runId(),
            c -> {
              Map<String, String[]> out = new HashMap<>();
              try (PreparedStatement s =
                  c.prepareStatement(
                      "SELECT observation_id, step_id, attempt_id, gate_id, outcome, exit_code,"
                          + " stdout_sha256, stdout_bytes, stderr_sha256, stderr_bytes,"
                          + " observed_at, row_sha256 FROM gate_evidence WHERE run_id = ?")) {
                s.setString(1, state.runId());
                try (ResultSet rs = s.executeQuery()) {
                  while (rs.next()) {
                    SideRow.GateEvidence row = row(rs);
                    out.put(
                        row.observationId(),
                        new String[] {row.sha256(state.runId()), rs.getString(12)});
                  }
                }
              }
              return out;
            });
    check(state, rows);
  }

  /**
   * Refuses the run when its gate rows, each as {@code [hash computed from its columns, stored
   * row_sha256]} by observation id, disagree with the evidence its events name.
   */
  static void check(RunState state, Map<String, String[]> rows) {
    for (Map.Entry<String, String[]> row : rows.entrySet()) {
      String named = state.gateEvidence().get(row.getKey());
      if (named == null) {
        throw new KxmException(
            ErrorCode.GATE_EVIDENCE_ORPHAN,
            "run "
                + state.runId()
                + " refused: gate row "
                + row.getKey()
                + " is named by no gate.observed event");
      }
      String computed = row.getValue()[0];
      if (!computed.equals(row.getValue()[1]) || !computed.equals(named)) {
        throw mismatch(state, row.getKey(), "does not hash to what its event names");
      }
    }
    for (String observation : state.gateEvidence().keySet()) {
      if (!rows.containsKey(observation)) {
        throw mismatch(state, observation, "is named by an event but missing");
      }
    }
  }

  private static KxmException mismatch(RunState state, String observation, String why) {
    return new KxmException(
        ErrorCode.GATE_EVIDENCE_HASH_MISMATCH,
        "run " + state.runId() + " refused: gate row " + observation + " " + why);
  }

  /** Reads a row whose first eleven columns are the evidence's, in the record's order. */
  static SideRow.GateEvidence row(ResultSet rs) throws SQLException {
    return new SideRow.GateEvidence(
        rs.getString(1),
        rs.getString(2),
        rs.getString(3),
        rs.getString(4),
        rs.getString(5),
        nullableInt(rs, 6),
        rs.getString(7),
        nullableLong(rs, 8),
        rs.getString(9),
        nullableLong(rs, 10),
        Instant.parse(rs.getString(11)));
  }

  private static Integer nullableInt(ResultSet rs, int i) throws SQLException {
    long v = rs.getLong(i);
    return rs.wasNull() ? null : (int) v;
  }

  private static Long nullableLong(ResultSet rs, int i) throws SQLException {
    long v = rs.getLong(i);
    return rs.wasNull() ? null : v;
  }
}
