package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.product.SessionBacklog;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.List;
import org.sqlite.SQLiteConfig;

/**
 * The raw bar for session replay: the same run's stored events read straight from the session
 * store's file, opened read-only through JDBC, in one indexed range query in sequence order, every
 * column the stream's envelope carries.
 */
public final class SessionStoreRangeRead implements Measure {
  private SessionBacklog backlog;
  private Connection db;

  @Override
  public String what() {
    return "SQLite indexed range read of one run's event rows in the session store (read-only"
        + " JDBC, WHERE run_id = ? AND seq > ? ORDER BY seq)";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("rows/s"));
  }

  @Override
  public void setup(Run run) throws Exception {
    backlog = SessionBacklog.shared(run);
    SQLiteConfig config = new SQLiteConfig();
    config.setReadOnly(true);
    config.setBusyTimeout(5_000);
    db = DriverManager.getConnection("jdbc:sqlite:" + backlog.sessionsDb(), config.toProperties());
  }

  @Override
  public void prepare(Run run) throws Exception {
    readAll(); // warm the page cache and the JIT
  }

  @Override
  public double[] once(Run run) throws Exception {
    long t0 = System.nanoTime();
    long rows = readAll();
    return new double[] {rows / ((System.nanoTime() - t0) / 1e9)};
  }

  private long readAll() throws Exception {
    try (PreparedStatement q =
        db.prepareStatement(
            "SELECT seq, session_id, run_id, type, at, data FROM events"
                + " WHERE run_id = ? AND seq > ? ORDER BY seq")) {
      return RunRangeRead.readAll(q, backlog.runId(), backlog.events());
    }
  }

  @Override
  public void close() throws Exception {
    if (db != null) {
      db.close();
    }
  }
}
