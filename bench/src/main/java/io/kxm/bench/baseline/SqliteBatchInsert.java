package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.client.Payloads;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;

/**
 * Appends run events with their outbox rows, 100 events per transaction, with nothing computed: the
 * bar for the runtime's event append, which also hashes and folds.
 */
public final class SqliteBatchInsert implements Measure {
  private static final int BATCH = 100;
  private static final String HASH = "0123456789abcdef".repeat(4);

  private Connection db;
  private PreparedStatement event;
  private PreparedStatement outbox;
  private final String payload =
      "{\"kind\":\"step.output\",\"text\":\"" + Payloads.content(240) + "\"}";
  private long seq;

  @Override
  public String what() {
    return "SQLite batched INSERTs of run events + outbox rows, "
        + BATCH
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
    runFor(run.warmup().toNanos());
  }

  @Override
  public double[] once(Run run) throws Exception {
    long t0 = System.nanoTime();
    long events = runFor(run.window().toNanos());
    return new double[] {events / ((System.nanoTime() - t0) / 1e9)};
  }

  private long runFor(long nanos) throws Exception {
    long deadline = System.nanoTime() + nanos;
    long events = 0;
    while (System.nanoTime() < deadline) {
      long now = System.currentTimeMillis();
      for (int i = 0; i < BATCH; i++) {
        seq++;
        event.setString(1, "run_bench");
        event.setLong(2, seq);
        event.setString(3, "step.output");
        event.setLong(4, now);
        event.setString(5, payload);
        event.setString(6, HASH);
        event.setString(7, HASH);
        event.addBatch();
        outbox.setString(1, "run_bench");
        outbox.setLong(2, seq);
        outbox.setLong(3, now);
        outbox.addBatch();
      }
      event.executeBatch();
      outbox.executeBatch();
      db.commit();
      events += BATCH;
    }
    return events;
  }

  @Override
  public void close() throws Exception {
    if (db != null) {
      db.close();
    }
  }
}
