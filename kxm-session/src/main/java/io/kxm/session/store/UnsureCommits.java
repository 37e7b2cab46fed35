package io.kxm.session.store;

import io.kxm.core.json.Json;
import io.kxm.session.api.SessionEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Which events of a commit that got no answer the store holds. A database that applied a commit and
 * then lost the connection (PostgreSQL stopped or the network cut) leaves its writer unsure; had
 * those events been dropped from live delivery, a client following live would miss them while it
 * goes on receiving later ones. An event counts as stored when the row at its seq is the same
 * event: same session, run, type and data (another writer may have taken the seq if it was not).
 */
final class UnsureCommits {
  private UnsureCommits() {}

  static List<SessionEvent> stored(Connection c, List<SessionEvent> unsure) throws SQLException {
    long low = unsure.getFirst().seq();
    long high = unsure.getLast().seq();
    List<SessionEvent> held = new ArrayList<>();
    try (PreparedStatement q =
        c.prepareStatement(
            "SELECT seq, session_id, run_id, type, data FROM events WHERE seq >= ? AND seq <= ?"
                + " ORDER BY seq")) {
      q.setLong(1, low);
      q.setLong(2, high);
      try (ResultSet rs = q.executeQuery()) {
        int i = 0;
        while (rs.next()) {
          long seq = rs.getLong(1);
          while (i < unsure.size() && unsure.get(i).seq() < seq) {
            i++;
          }
          if (i < unsure.size() && unsure.get(i).seq() == seq && same(unsure.get(i), rs)) {
            held.add(unsure.get(i));
          }
        }
      }
    }
    return held;
  }

  private static boolean same(SessionEvent event, ResultSet row) throws SQLException {
    return event.sessionId().equals(row.getString(2))
        && Objects.equals(event.runId(), row.getString(3))
        && event.type().equals(row.getString(4))
        && event.data().equals(Json.read(row.getString(5)));
  }
}
