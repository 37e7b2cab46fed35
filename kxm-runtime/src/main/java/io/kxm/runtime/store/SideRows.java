package io.kxm.runtime.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;

/** Inserts the rows that commit beside a run's events. */
final class SideRows {
  private SideRows() {}

  static void insert(Connection c, String runId, SideRow row) throws SQLException {
    switch (row) {
      case SideRow.Capability cap -> {
        try (PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO attempt_capabilities (attempt_id, run_id, step_id, assignment_id,"
                    + " secret_sha256, created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
          s.setString(1, cap.attemptId());
          s.setString(2, runId);
          s.setString(3, cap.stepId());
          s.setString(4, cap.assignmentId());
          s.setString(5, cap.secretSha256());
          s.setString(6, cap.at().toString());
          s.executeUpdate();
        }
      }
      case SideRow.Plan plan -> {
        try (PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO run_plans (run_id, plan_sha256, plan) VALUES (?, ?, ?)")) {
          s.setString(1, runId);
          s.setString(2, plan.planSha256());
          s.setString(3, plan.plan());
          s.executeUpdate();
        }
      }
      case SideRow.GateEvidence g -> {
        try (PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO gate_evidence (observation_id, run_id, step_id, attempt_id, gate_id,"
                    + " outcome, exit_code, stdout_sha256, stdout_bytes, stderr_sha256,"
                    + " stderr_bytes, observed_at, row_sha256)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
          s.setString(1, g.observationId());
          s.setString(2, runId);
          s.setString(3, g.stepId());
          s.setString(4, g.attemptId());
          s.setString(5, g.gateId());
          s.setString(6, g.outcome());
          setLong(s, 7, g.exitCode() == null ? null : g.exitCode().longValue());
          s.setString(8, g.stdoutSha256());
          setLong(s, 9, g.stdoutBytes());
          s.setString(10, g.stderrSha256());
          setLong(s, 11, g.stderrBytes());
          s.setString(12, g.observedAt().toString());
          s.setString(13, g.sha256(runId));
          s.executeUpdate();
        }
      }
    }
  }

  private static void setLong(PreparedStatement s, int index, Long value) throws SQLException {
    if (value == null) {
      s.setNull(index, Types.INTEGER);
    } else {
      s.setLong(index, value);
    }
  }
}
