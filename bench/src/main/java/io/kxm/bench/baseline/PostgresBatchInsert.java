package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.proc.TestPostgres;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;

/**
 * Run events with their outbox rows appended on the test PostgreSQL, 100 events per transaction in
 * JDBC batches, with nothing computed, in a private schema dropped afterwards: the bar for the
 * runtime's event append on PostgreSQL, which also locks the run, hashes and folds.
 */
public final class PostgresBatchInsert implements Measure {

  private final TestPostgres postgres = TestPostgres.fromEnvironment();
  private final String schema = TestPostgres.privateName("batch");
  private Connection db;
  private PreparedStatement event;
  private PreparedStatement outbox;
  private EventBatches batches;

  @Override
  public String what() {
    return "PostgreSQL batched INSERTs of run events + outbox rows, "
        + EventBatches.BATCH
        + " per transaction";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("events/s"));
  }

  @Override
  public void prepare(Run run) throws Exception {
    postgres.requireUp();
    db = postgres.connect();
    try (Statement s = db.createStatement()) {
      s.execute("CREATE SCHEMA " + schema);
      s.execute(
          "CREATE TABLE "
              + schema
              + ".run_event (run_id TEXT NOT NULL, seq BIGINT NOT NULL, type TEXT NOT NULL,"
              + " ts BIGINT NOT NULL, payload TEXT NOT NULL, prev_hash TEXT NOT NULL,"
              + " hash TEXT NOT NULL, PRIMARY KEY (run_id, seq))");
      s.execute(
          "CREATE TABLE "
              + schema
              + ".outbox (id BIGSERIAL PRIMARY KEY, run_id TEXT NOT NULL, seq BIGINT NOT NULL,"
              + " created_at BIGINT NOT NULL)");
    }
    event =
        db.prepareStatement(
            "INSERT INTO "
                + schema
                + ".run_event (run_id, seq, type, ts, payload, prev_hash, hash)"
                + " VALUES (?,?,?,?,?,?,?)");
    outbox =
        db.prepareStatement(
            "INSERT INTO " + schema + ".outbox (run_id, seq, created_at) VALUES (?,?,?)");
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
      postgres.dropSchemasStartingWith(schema);
    }
  }
}
