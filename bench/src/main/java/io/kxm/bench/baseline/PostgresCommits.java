package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.client.Load;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.proc.TestPostgres;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;

/**
 * Eight writers each committing one message-sized row per transaction, in a private schema dropped
 * afterwards: the bar for the hub's durable send on PostgreSQL.
 */
public final class PostgresCommits implements Measure {
  private static final int WRITERS = 8;
  private final TestPostgres postgres = TestPostgres.fromEnvironment();
  private final String schema = TestPostgres.privateName("commits");
  private boolean created;
  private Load load;

  @Override
  public String what() {
    return "PostgreSQL single-row INSERT commits, " + WRITERS + " JDBC writers";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("commits/s"));
  }

  @Override
  public void prepare(Run run) throws Exception {
    postgres.requireUp();
    try (Connection c = postgres.connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA " + schema);
      created = true;
      s.execute(
          "CREATE TABLE "
              + schema
              + ".message (id BIGSERIAL PRIMARY KEY, sender TEXT NOT NULL, target TEXT NOT NULL,"
              + " content TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now())");
    }
    load = Load.open(WRITERS, this::writer);
    load.perSecond(run.warmup());
  }

  @Override
  public double[] once(Run run) throws Exception {
    return new double[] {load.perSecond(run.window())};
  }

  private Load.Worker writer(int index) throws Exception {
    Connection c = postgres.connect();
    PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO " + schema + ".message (sender, target, content) VALUES (?, ?, ?)");
    insert.setString(1, "sender-" + index);
    insert.setString(2, "sink");
    insert.setString(3, Payloads.content(Payloads.SEND_BYTES));
    return new Load.Worker() {
      @Override
      public void once() throws Exception {
        insert.executeUpdate();
      }

      @Override
      public void close() throws Exception {
        c.close();
      }
    };
  }

  @Override
  public void close() throws Exception {
    if (load != null) {
      load.close();
    }
    if (created) {
      postgres.dropSchemasStartingWith(schema);
    }
  }
}
