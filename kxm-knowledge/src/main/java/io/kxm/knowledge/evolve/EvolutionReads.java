package io.kxm.knowledge.evolve;

import io.kxm.core.json.Json;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The queries behind seeds, progress and the report, each inside a caller's read transaction. */
final class EvolutionReads {
  private EvolutionReads() {}

  static List<SeedPackage.PriorAttempt> priorAttempts(Connection c, String taskId, int generation)
      throws SQLException {
    List<SeedPackage.PriorAttempt> out = new ArrayList<>();
    try (PreparedStatement q =
        c.prepareStatement(
            "SELECT generation, agent, status, score, solved, answer FROM evolve_attempt"
                + " WHERE task_id = ? AND generation < ? ORDER BY generation, agent,"
                + " attempt")) {
      q.setString(1, taskId);
      q.setInt(2, generation);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          out.add(
              new SeedPackage.PriorAttempt(
                  rs.getInt(1),
                  rs.getString(2),
                  rs.getString(3),
                  score(rs, 4),
                  rs.getInt(5) == 1,
                  rs.getString(6)));
        }
      }
    }
    return out;
  }

  static List<AttemptRecord> attempts(Connection c, int generation) throws SQLException {
    List<AttemptRecord> out = new ArrayList<>();
    try (PreparedStatement q =
        c.prepareStatement(
            "SELECT generation, task_id, agent, attempt, status, answer, score, solved,"
                + " detail, entry_id, finished_at FROM evolve_attempt WHERE generation = ?"
                + " ORDER BY task_id, attempt, agent")) {
      q.setInt(1, generation);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          out.add(
              new AttemptRecord(
                  new AttemptKey(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getInt(4)),
                  rs.getString(5),
                  rs.getString(6),
                  score(rs, 7),
                  rs.getInt(8) == 1,
                  rs.getString(9),
                  rs.getString(10),
                  Instant.ofEpochMilli(rs.getLong(11))));
        }
      }
    }
    return out;
  }

  /** The score column, null when the attempt was not scored. */
  private static Double score(ResultSet rs, int column) throws SQLException {
    // wasNull speaks of the last column read, so it must follow this read directly.
    double score = rs.getDouble(column);
    return rs.wasNull() ? null : score;
  }

  /** The tasks of a generation are counted here, not in SQL: the two dialects' JSON differ. */
  static List<GenerationSummary> summaries(Connection c) throws SQLException {
    List<GenerationSummary> out = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                """
                SELECT g.generation, g.phase, g.tasks_json,
                  count(a.attempt_key), count(a.score), coalesce(avg(a.score), 0),
                  coalesce(max(a.score), 0),
                  (SELECT count(*) FROM evolve_task_state t
                    WHERE t.solved_generation = g.generation),
                  (SELECT count(*) FROM evolve_task_state t
                    WHERE t.solved_generation <= g.generation)
                FROM evolve_generation g
                LEFT JOIN evolve_attempt a ON a.generation = g.generation
                GROUP BY g.generation ORDER BY g.generation\
                """)) {
      while (rs.next()) {
        out.add(
            new GenerationSummary(
                rs.getInt(1),
                rs.getString(2),
                Json.read(rs.getString(3)).size(),
                rs.getInt(4),
                rs.getInt(5),
                rs.getDouble(6),
                rs.getDouble(7),
                rs.getInt(8),
                rs.getInt(9)));
      }
    }
    return out;
  }
}
