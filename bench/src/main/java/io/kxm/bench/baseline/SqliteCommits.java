package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.client.Load;
import io.kxm.bench.client.Payloads;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;

/**
 * One writer committing one message-sized row per transaction: the rate a store without group
 * commit is bound by, and the bar for the hub's durable send on SQLite.
 */
public final class SqliteCommits implements Measure {
  private Connection db;
  private PreparedStatement insert;
  private Load load;

  @Override
  public String what() {
    return "SQLite single-row INSERT commits, 1 JDBC writer (" + Sqlite.SETTINGS + ")";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("commits/s"));
  }

  @Override
  public void prepare(Run run) throws Exception {
    db = Sqlite.open(run.newDir("sqlite-commits-").resolve("bench.db"));
    Sqlite.exec(
        db,
        "CREATE TABLE message (id INTEGER PRIMARY KEY, sender TEXT NOT NULL, target TEXT NOT NULL,"
            + " content TEXT NOT NULL, created_at INTEGER NOT NULL) STRICT");
    insert =
        db.prepareStatement(
            "INSERT INTO message (sender, target, content, created_at) VALUES (?, ?, ?, ?)");
    insert.setString(1, "sender");
    insert.setString(2, "sink");
    insert.setString(3, Payloads.content(Payloads.SEND_BYTES));
    load = Load.open(1, i -> this::commitOne);
    load.perSecond(run.warmup());
  }

  @Override
  public double[] once(Run run) throws Exception {
    return new double[] {load.perSecond(run.window())};
  }

  private void commitOne() throws Exception {
    insert.setLong(4, System.currentTimeMillis());
    insert.executeUpdate();
  }

  @Override
  public void close() throws Exception {
    if (load != null) {
      load.close();
    }
    if (db != null) {
      db.close();
    }
  }
}
