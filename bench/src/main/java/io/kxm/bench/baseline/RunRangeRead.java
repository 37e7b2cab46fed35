package io.kxm.bench.baseline;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One indexed range read of a run's event rows, every column the stream's envelope carries, for the
 * replay baselines on SQLite and on PostgreSQL alike.
 */
final class RunRangeRead {
  private RunRangeRead() {}

  /**
   * Runs {@code query} ({@code seq, session_id, run_id, type, at, data} for {@code run_id = ?} and
   * {@code seq > ?}) and touches every value; fails unless it read {@code expected} rows.
   */
  static long readAll(PreparedStatement query, String runId, long expected) throws SQLException {
    long rows = 0;
    long sink = 0;
    query.setString(1, runId);
    query.setLong(2, 0);
    try (ResultSet rs = query.executeQuery()) {
      while (rs.next()) {
        sink +=
            rs.getLong(1)
                + rs.getString(2).length()
                + rs.getString(3).length()
                + rs.getString(4).length()
                + rs.getString(5).length()
                + rs.getString(6).length();
        rows++;
      }
    }
    if (rows != expected || sink == 0) {
      throw new IllegalStateException("read " + rows + " rows of " + expected);
    }
    return rows;
  }
}
