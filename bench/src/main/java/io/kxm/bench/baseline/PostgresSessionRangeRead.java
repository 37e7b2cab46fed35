package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.proc.TestPostgres;
import io.kxm.bench.product.SessionBacklog;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;

/**
 * The raw bar for session replay on PostgreSQL: the same run's stored events read straight from the
 * session schema of the supervisor's runtime database over one JDBC connection, in one indexed
 * range query in sequence order, every column the stream's envelope carries.
 */
public final class PostgresSessionRangeRead implements Measure {
  private SessionBacklog backlog;
  private Connection db;
  private String events;

  @Override
  public String what() {
    return "PostgreSQL indexed range read of one run's event rows in the session schema (JDBC,"
        + " WHERE run_id = ? AND seq > ? ORDER BY seq)";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("rows/s"));
  }

  @Override
  public void setup(Run run) throws Exception {
    backlog = SessionBacklog.sharedOnPostgres(run);
    db = TestPostgres.fromEnvironment().requireUp().connect();
    events = backlog.supervisor().runtimeSchema("sessions") + ".events";
  }

  @Override
  public void prepare(Run run) throws Exception {
    readAll(); // warm the buffer cache and the JIT
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
            "SELECT seq, session_id, run_id, type, at, data FROM "
                + events
                + " WHERE run_id = ? AND seq > ? ORDER BY seq")) {
      q.setFetchSize(4096); // stream the rows rather than load them all first
      db.setAutoCommit(false); // the driver streams only inside a transaction
      long rows = RunRangeRead.readAll(q, backlog.runId(), backlog.events());
      db.commit();
      return rows;
    }
  }

  @Override
  public void close() throws Exception {
    if (db != null) {
      db.close();
    }
  }
}
