package io.kxm.session.store;

import io.kxm.session.api.SessionsPurged;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The retention purge of the session store, one bounded batch per writer task. Two rules, both on
 * what has ended: a session run that ended before the cutoff goes with its events, interactions,
 * process row and sync rows (its messages stay in the session's history, detached from it); a
 * session with no run left whose last activity is before the cutoff goes whole. Nothing whose sync
 * rows still wait for the hub is touched, and a queued or running run keeps its session.
 *
 * <p>Deleting a run's events raises its session's {@code purged_through} to their highest seq, so
 * that a client resuming the session's stream from below it learns that it missed events.
 */
final class SessionPurges {
  /** A run of alias {@code r} that the purge may delete; one parameter, the cutoff. */
  private static final String ENDED =
      "r.status NOT IN ('queued', 'running') AND r.finished_at IS NOT NULL AND r.finished_at < ?"
          + " AND NOT EXISTS (SELECT 1 FROM sync_outbox o WHERE o.run_id = r.id"
          + " AND o.state = 'pending')";

  private static final String ENDED_RUNS =
      "SELECT r.id, r.session_id FROM runs r WHERE " + ENDED + " ORDER BY r.finished_at LIMIT ?";
  private static final String IDLE_SESSIONS =
      "SELECT s.id FROM sessions s WHERE s.last_active_at < ?"
          + " AND NOT EXISTS (SELECT 1 FROM runs r WHERE r.session_id = s.id)"
          + " ORDER BY s.last_active_at LIMIT ?";

  private SessionPurges() {}

  /** Deletes up to {@code limit} ended runs and up to {@code limit} idle sessions. */
  static StoreWriter.Work<SessionsPurged> purge(Instant cutoff, int limit) {
    return tx -> {
      String before = Rows.time(cutoff);
      List<String[]> runs = new ArrayList<>();
      PreparedStatement ended = tx.prepare(ENDED_RUNS);
      ended.setString(1, before);
      ended.setInt(2, limit);
      try (ResultSet rs = ended.executeQuery()) {
        while (rs.next()) {
          runs.add(new String[] {rs.getString(1), rs.getString(2)});
        }
      }
      List<String> runIds = new ArrayList<>();
      for (String[] run : runs) {
        deleteRun(tx, run[0], run[1]);
        runIds.add(run[0]);
      }
      List<String> sessions = new ArrayList<>();
      PreparedStatement idle = tx.prepare(IDLE_SESSIONS);
      idle.setString(1, before);
      idle.setInt(2, limit);
      try (ResultSet rs = idle.executeQuery()) {
        while (rs.next()) {
          sessions.add(rs.getString(1));
        }
      }
      for (String sessionId : sessions) {
        for (String sql :
            List.of(
                "DELETE FROM interactions WHERE session_id = ?",
                "DELETE FROM messages WHERE session_id = ?",
                "DELETE FROM events WHERE session_id = ?",
                "DELETE FROM sessions WHERE id = ?")) {
          PreparedStatement s = tx.prepare(sql);
          s.setString(1, sessionId);
          s.executeUpdate();
        }
      }
      return new SessionsPurged(runIds, sessions.size());
    };
  }

  private static void deleteRun(WriteTx tx, String runId, String sessionId) throws SQLException {
    PreparedStatement mark =
        tx.prepare(
            "UPDATE sessions SET purged_through = "
                + tx.dialect().greatest()
                + "(purged_through,"
                + " coalesce((SELECT max(seq) FROM events WHERE run_id = ?), 0)) WHERE id = ?");
    mark.setString(1, runId);
    mark.setString(2, sessionId);
    mark.executeUpdate();
    for (String sql :
        List.of(
            "DELETE FROM run_processes WHERE run_id = ?",
            "DELETE FROM sync_outbox WHERE run_id = ?",
            "DELETE FROM interactions WHERE run_id = ?",
            "DELETE FROM events WHERE run_id = ?",
            "UPDATE messages SET run_id = NULL WHERE run_id = ?",
            "DELETE FROM runs WHERE id = ?")) {
      PreparedStatement s = tx.prepare(sql);
      s.setString(1, runId);
      s.executeUpdate();
    }
  }

  /**
   * What a purge at {@code cutoff} would delete now, without a limit: the ended runs, and the
   * sessions whose every run is among them.
   */
  static SessionsPurged count(StoreReader reader, Instant cutoff) {
    String before = Rows.time(cutoff);
    List<String> runIds = reader.strings(ENDED_RUNS, before, Integer.MAX_VALUE);
    long sessions =
        reader.number(
            "SELECT count(*) FROM sessions s WHERE s.last_active_at < ?"
                + " AND NOT EXISTS (SELECT 1 FROM runs r WHERE r.session_id = s.id AND NOT ("
                + ENDED
                + "))",
            before,
            before);
    return new SessionsPurged(runIds, (int) sessions);
  }
}
