package io.kxm.cli.sync;

import io.kxm.core.json.Json;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.OutboxRow;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * A small outbox in a real SQLite file, shaped like the one the run engine keeps beside each
 * project's events, for driving the pusher against a real hub. {@link #loseAcks} makes the next
 * acknowledgements vanish, as if the runtime died between the hub's answer and its own commit.
 */
final class SqliteTestOutbox implements Outbox {
  private final String url;
  private final AtomicInteger acksToLose = new AtomicInteger();

  SqliteTestOutbox(Path file) {
    this.url = "jdbc:sqlite:" + file;
    run(
        "CREATE TABLE IF NOT EXISTS outbox (row_id INTEGER PRIMARY KEY AUTOINCREMENT,"
            + " run_id TEXT NOT NULL, sequence INTEGER NOT NULL, type TEXT NOT NULL,"
            + " at INTEGER NOT NULL, data TEXT NOT NULL,"
            + " state TEXT NOT NULL DEFAULT 'pending', code TEXT, message TEXT) STRICT");
  }

  void append(String runId, long sequence, String type, JsonNode data) {
    run(
        "INSERT INTO outbox (run_id, sequence, type, at, data) VALUES (?, ?, ?, ?, ?)",
        runId,
        sequence,
        type,
        Instant.parse("2030-01-01T00:00:00Z").plusSeconds(sequence).toEpochMilli(),
        Json.write(data));
  }

  void loseAcks(int count) {
    acksToLose.set(count);
  }

  /** The park code of each parked row, oldest first. */
  List<String> parkedCodes() {
    List<String> codes = new ArrayList<>();
    query(
        "SELECT code FROM outbox WHERE state = 'parked' ORDER BY row_id",
        rs -> codes.add(rs.getString(1)));
    return codes;
  }

  @Override
  public List<OutboxRow> pending(int limit) {
    List<OutboxRow> rows = new ArrayList<>();
    query(
        "SELECT * FROM outbox WHERE state = 'pending' ORDER BY row_id LIMIT " + limit,
        rs ->
            rows.add(
                new OutboxRow(
                    rs.getLong("row_id"),
                    "0123456789abcdef01234567",
                    rs.getString("run_id"),
                    rs.getLong("sequence"),
                    rs.getString("type"),
                    Instant.ofEpochMilli(rs.getLong("at")),
                    Json.read(rs.getString("data")))));
    return rows;
  }

  @Override
  public void acknowledge(long rowId) {
    if (acksToLose.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return;
    }
    run("UPDATE outbox SET state = 'acked' WHERE row_id = ?", rowId);
  }

  @Override
  public void park(long rowId, String code, String message) {
    run(
        "UPDATE outbox SET state = 'parked', code = ?, message = ? WHERE row_id = ?",
        code,
        message,
        rowId);
  }

  @Override
  public int unpark() {
    return run(
        "UPDATE outbox SET state = 'pending', code = NULL, message = NULL WHERE state = 'parked'");
  }

  @Override
  public OutboxCounts counts() {
    long[] counts = new long[3];
    query(
        "SELECT state, count(*) FROM outbox GROUP BY state",
        rs -> {
          int index =
              switch (rs.getString(1)) {
                case "pending" -> 0;
                case "acked" -> 1;
                default -> 2;
              };
          counts[index] = rs.getLong(2);
        });
    return new OutboxCounts(counts[0], counts[1], counts[2]);
  }

  private interface RowReader {
    void read(ResultSet rs) throws SQLException;
  }

  private void query(String sql, RowReader reader) {
    try (Connection c = DriverManager.getConnection(url);
        PreparedStatement statement = c.prepareStatement(sql);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        reader.read(rs);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private int run(String sql, Object... params) {
    try (Connection c = DriverManager.getConnection(url);
        PreparedStatement statement = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        statement.setObject(i + 1, params[i]);
      }
      return statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
