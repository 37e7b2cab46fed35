package io.kxm.runtime.store;

import io.kxm.core.json.Json;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.store.jdbc.Jdbc;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The statements of {@link PostgresRunEventLog} on a run's rows, each scoped to one project: the
 * SQLite log's {@code SideRows} and projection writes in PostgreSQL's tables, which carry the
 * project key.
 */
final class PostgresRunRows {
  private PostgresRunRows() {}

  /** The run's events from sequence {@code first} on, in order. */
  static List<StoredEvent> events(Jdbc jdbc, String projectKey, String runId, long first) {
    return jdbc.list(
        "SELECT seq, type, at, prev_hash, body, hash FROM events"
            + " WHERE project_key = ? AND run_id = ? AND seq >= ? ORDER BY seq",
        row ->
            new StoredEvent(
                runId,
                row.longValue("seq"),
                row.stringAt(2),
                Instant.parse(row.stringAt(3)),
                row.stringAt(4),
                row.stringAt(5),
                row.stringAt(6)),
        projectKey,
        runId,
        first);
  }

  static void insertEvents(Jdbc jdbc, String projectKey, String runId, List<StoredEvent> events) {
    for (StoredEvent e : events) {
      jdbc.update(
          "INSERT INTO events (project_key, run_id, seq, type, at, prev_hash, body, hash)"
              + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          projectKey,
          runId,
          e.sequence(),
          e.type(),
          e.at().toString(),
          e.prevHash(),
          e.body(),
          e.hash());
      jdbc.update(
          "INSERT INTO outbox (project_key, run_id, seq, type, at, data)"
              + " VALUES (?, ?, ?, ?, ?, ?)",
          projectKey,
          runId,
          e.sequence(),
          e.type(),
          e.at().toString(),
          Json.write(Json.read(e.body()).get("data")));
    }
  }

  static void writeProjection(Jdbc jdbc, String projectKey, RunState state, boolean first) {
    if (first) {
      jdbc.update(
          "INSERT INTO run_state (project_key, run_id, status, last_seq, last_hash, updated_at)"
              + " VALUES (?, ?, ?, ?, ?, ?)",
          projectKey,
          state.runId(),
          state.status().wire(),
          state.lastSequence(),
          state.lastHash(),
          state.updatedAt().toString());
      return;
    }
    int changed =
        jdbc.update(
            "UPDATE run_state SET status = ?, last_seq = ?, last_hash = ?, updated_at = ?"
                + " WHERE project_key = ? AND run_id = ?",
            state.status().wire(),
            state.lastSequence(),
            state.lastHash(),
            state.updatedAt().toString(),
            projectKey,
            state.runId());
    if (changed != 1) {
      Projections.compare(state, null);
    }
  }

  /** The stored projection, or null when the run has none. */
  static Projections.Stored projection(Jdbc jdbc, String projectKey, String runId) {
    return jdbc.first(
            "SELECT status, last_seq, last_hash FROM run_state"
                + " WHERE project_key = ? AND run_id = ?",
            row ->
                new Projections.Stored(row.stringAt(1), row.longValue("last_seq"), row.stringAt(3)),
            projectKey,
            runId)
        .orElse(null);
  }

  /** Each gate row as {@code [hash of its columns, stored row_sha256]}, by observation id. */
  static Map<String, String[]> gateRows(Jdbc jdbc, String projectKey, String runId) {
    return jdbc.onConnection(c -> {
      Map<String, String[]> out = new HashMap<>();
      try (PreparedStatement s =
          c.prepareStatement(
              "SELECT observation_id, step_id, attempt_id, gate_id, outcome, exit_code,"
                  + " stdout_sha256, stdout_bytes, stderr_sha256, stderr_bytes, observed_at,"
                  + " row_sha256 FROM gate_evidence WHERE project_key = ? AND run_id = ?")) {
        s.setString(1, projectKey);
        s.setString(2, runId);
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            SideRow.GateEvidence row = GateRows.row(rs);
            out.put(row.observationId(), new String[] {row.sha256(runId), rs.getString(12)});
          }
        }
      }
      return out;
    });
  }

  static void insertSideRow(Jdbc jdbc, String projectKey, String runId, SideRow row) {
    switch (row) {
      case SideRow.Capability cap ->
          jdbc.update(
              "INSERT INTO attempt_capabilities (project_key, attempt_id, run_id, step_id,"
                  + " assignment_id, secret_sha256, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
              projectKey,
              cap.attemptId(),
              runId,
              cap.stepId(),
              cap.assignmentId(),
              cap.secretSha256(),
              cap.at().toString());
      case SideRow.Plan plan ->
          jdbc.update(
              "INSERT INTO run_plans (project_key, run_id, plan_sha256, plan)"
                  + " VALUES (?, ?, ?, ?)",
              projectKey,
              runId,
              plan.planSha256(),
              plan.plan());
      case SideRow.GateEvidence g ->
          jdbc.onConnection(c -> {
            try (PreparedStatement s =
                c.prepareStatement(
                    "INSERT INTO gate_evidence (project_key, observation_id, run_id, step_id,"
                        + " attempt_id, gate_id, outcome, exit_code, stdout_sha256,"
                        + " stdout_bytes, stderr_sha256, stderr_bytes, observed_at,"
                        + " row_sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
              s.setString(1, projectKey);
              s.setString(2, g.observationId());
              s.setString(3, runId);
              s.setString(4, g.stepId());
              s.setString(5, g.attemptId());
              s.setString(6, g.gateId());
              s.setString(7, g.outcome());
              s.setObject(8, g.exitCode(), java.sql.Types.INTEGER);
              s.setString(9, g.stdoutSha256());
              s.setObject(10, g.stdoutBytes(), java.sql.Types.BIGINT);
              s.setString(11, g.stderrSha256());
              s.setObject(12, g.stderrBytes(), java.sql.Types.BIGINT);
              s.setString(13, g.observedAt().toString());
              s.setString(14, g.sha256(runId));
              return s.executeUpdate();
            }
          });
    }
  }
}
