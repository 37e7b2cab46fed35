package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.bare.EventFrame;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;

/**
 * Reads a 100,000-event backlog of one stream in sequence order through its primary key: the floor
 * under a resuming subscriber's replay.
 */
public final class SqliteRangeRead implements Measure {
  static final int ROWS = 100_000;

  /** With {@code --quick}: as many as the hub's replay then reads, and a tenth of the setup. */
  static final int QUICK_ROWS = 5_000;

  private int rows;
  private Connection db;

  @Override
  public String what() {
    return "SQLite indexed range read of "
        + String.format(java.util.Locale.ROOT, "%,d", ROWS)
        + " event rows ("
        + String.format(java.util.Locale.ROOT, "%,d", QUICK_ROWS)
        + " with --quick; "
        + Sqlite.SETTINGS
        + ")";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("rows/s"));
  }

  @Override
  public void setup(Run run) throws Exception {
    db = Sqlite.open(run.newDir("sqlite-read-").resolve("bench.db"));
    Sqlite.exec(
        db,
        "CREATE TABLE event (stream TEXT NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL,"
            + " ts INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (stream, seq)) STRICT");
    db.setAutoCommit(false);
    try (PreparedStatement ins =
        db.prepareStatement("INSERT INTO event (stream, seq, type, ts, data) VALUES (?,?,?,?,?)")) {
      rows = run.size(QUICK_ROWS, ROWS);
      for (int seq = 1; seq <= rows; seq++) {
        ins.setString(1, "ag_reader");
        ins.setLong(2, seq);
        ins.setString(3, "message.queued");
        ins.setLong(4, 1_700_000_000_000L + seq);
        ins.setString(5, new String(EventFrame.of(seq, 500), StandardCharsets.UTF_8));
        ins.addBatch();
        if (seq % 1000 == 0) {
          ins.executeBatch();
        }
      }
    }
    db.commit();
    db.setAutoCommit(true);
  }

  @Override
  public void prepare(Run run) throws Exception {
    readAll(); // warm the page cache and the JIT
  }

  @Override
  public double[] once(Run run) throws Exception {
    long t0 = System.nanoTime();
    int read = readAll();
    return new double[] {read / ((System.nanoTime() - t0) / 1e9)};
  }

  private int readAll() throws Exception {
    int read = 0;
    long sink = 0;
    try (PreparedStatement q =
        db.prepareStatement(
            "SELECT seq, type, ts, data FROM event WHERE stream = ? AND seq > ? ORDER BY seq")) {
      q.setString(1, "ag_reader");
      q.setLong(2, 0);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          sink +=
              rs.getLong(1) + rs.getString(2).length() + rs.getLong(3) + rs.getString(4).length();
          read++;
        }
      }
    }
    if (read != rows || sink == 0) {
      throw new IllegalStateException("read " + read + " rows of " + rows);
    }
    return read;
  }

  @Override
  public void close() throws Exception {
    if (db != null) {
      db.close();
    }
  }
}
