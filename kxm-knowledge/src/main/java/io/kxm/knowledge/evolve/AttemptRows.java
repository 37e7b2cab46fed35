package io.kxm.knowledge.evolve;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/** The SQL that commits one finished attempt: its row, and its task's best state. */
final class AttemptRows {
  static final int ANSWER_MAX_CHARS = 50_000;
  static final int CONTENT_MAX_CHARS = 8_000;

  private AttemptRows() {}

  static boolean exists(Connection c, String key) throws SQLException {
    try (PreparedStatement q =
        c.prepareStatement("SELECT 1 FROM evolve_attempt WHERE attempt_key = ?")) {
      q.setString(1, key);
      try (ResultSet rs = q.executeQuery()) {
        return rs.next();
      }
    }
  }

  static void insert(Connection c, AttemptRecord a, String entryId) throws SQLException {
    try (PreparedStatement i =
        c.prepareStatement(
            "INSERT INTO evolve_attempt (attempt_key, generation, task_id, agent, attempt, status,"
                + " answer, score, solved, detail, entry_id, finished_at)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      AttemptKey k = a.key();
      i.setString(1, k.key());
      i.setInt(2, k.generation());
      i.setString(3, k.taskId());
      i.setString(4, k.agent());
      i.setInt(5, k.attempt());
      i.setString(6, a.status());
      i.setString(7, clip(a.answer(), ANSWER_MAX_CHARS));
      if (a.score() == null) {
        i.setNull(8, Types.REAL);
      } else {
        i.setDouble(8, a.score());
      }
      i.setInt(9, a.solved() ? 1 : 0);
      i.setString(10, a.detail());
      i.setString(11, entryId);
      i.setLong(12, a.finishedAt().toEpochMilli());
      i.executeUpdate();
    }
  }

  static void updateState(Connection c, AttemptRecord a) throws SQLException {
    // Positional parameters and EXCLUDED, which SQLite and PostgreSQL both read; the casts give
    // PostgreSQL a type for a parameter that is bound as null.
    try (PreparedStatement u =
        c.prepareStatement(
            """
            INSERT INTO evolve_task_state AS t (task_id, attempts, best_score, best_attempt,
              solved_generation) VALUES (?, 1, CAST(? AS DOUBLE PRECISION), ?, CAST(? AS INTEGER))
            ON CONFLICT (task_id) DO UPDATE SET
              attempts = t.attempts + 1,
              best_attempt = CASE WHEN excluded.best_score IS NOT NULL
                AND (t.best_score IS NULL OR excluded.best_score > t.best_score)
                THEN excluded.best_attempt ELSE t.best_attempt END,
              best_score = CASE WHEN excluded.best_score IS NOT NULL
                AND (t.best_score IS NULL OR excluded.best_score > t.best_score)
                THEN excluded.best_score ELSE t.best_score END,
              solved_generation = coalesce(t.solved_generation, excluded.solved_generation)\
            """)) {
      u.setString(1, a.key().taskId());
      if (a.score() == null) {
        u.setNull(2, Types.DOUBLE);
        u.setNull(3, Types.VARCHAR);
      } else {
        u.setDouble(2, a.score());
        u.setString(3, a.key().key());
      }
      if (a.solved()) {
        u.setInt(4, a.key().generation());
      } else {
        u.setNull(4, Types.INTEGER);
      }
      u.executeUpdate();
    }
  }

  static String content(AttemptRecord a) {
    StringBuilder s = new StringBuilder();
    s.append("Attempt ").append(a.key().key()).append(" (").append(a.status());
    if (a.score() != null) {
      s.append(", score ").append(a.score()).append(a.solved() ? ", solved" : ", not solved");
    }
    s.append("): ").append(a.detail());
    if (a.answer() != null) {
      s.append("\n\n").append(a.answer());
    }
    return clip(s.toString(), CONTENT_MAX_CHARS);
  }

  static String clip(String text, int max) {
    return text == null || text.length() <= max ? text : text.substring(0, max);
  }
}
