package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;

/**
 * Appends run events with their outbox rows, 100 events per transaction, with nothing computed: the
 * bar for the runtime's event append, which also hashes and folds.
 */
public final class SqliteBatchInsert implements Measure {

  private Connection db;
  private PreparedStatement event;
  private PreparedStatement outbox;
  private EventBatches batches;

  @Override
  public String what() {
    return "SQLite batched INSERTs of run events + outbox rows, "
        + EventBatches.BATCH
        + " per transaction ("
        + Sqlite.SETTINGS
        + ")";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("events/s"));
  }

  @Override
  public void prepare(Run run) throws Exception {
    db = Sqlite.open(run.newDir("sqlite-batch-").resolve("bench.db"));
    Sqlite.exec(
        db,
        "CREATE TABLE run_event (run_id TEXT NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL,"
            + " ts INTEGER NOT NULL, payload TEXT NOT NULL, prev_hash TEXT NOT NULL,"
            + " hash TEXT NOT NULL, PRIMARY KEY (run_id, seq)) STRICT");
    Sqlite.exec(
        db,
        "CREATE TABLE outbox (id INTEGER PRIMARY KEY, run_id TEXT NOT NULL, seq INTEGER NOT NULL,"
            + " created_at INTEGER NOT NULL) STRICT");
    event =
        db.prepareStatement(
            "INSERT INTO run_event (run_id, seq, type, ts, payload, prev_hash, hash)"
                + " VALUES (?,?,?,?,?,?,?)");
    outbox = db.prepareStatement("INSERT INTO outbox (run_id, seq, created_at) VALUES (?,?,?)");
    db.setAutoCommit(false);
    batches = new EventBatches(db, event, outbox);
    batches.runFor(run.warmup().toNanos());
  }

  @Override
  public double[] once(Run run) throws Exception {
    long t0 = System.nanoTime();
    long events = batches.runFor(run.window().toNanos());
    return new double[] {events / ((System.nanoTime() - t0) / 1e9)};
  }

  @Override
  public void close() throws Exception {
    if (db != null) {
      db.close();
    }
  }
}
