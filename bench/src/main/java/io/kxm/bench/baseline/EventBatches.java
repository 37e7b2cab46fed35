package io.kxm.bench.baseline;

import io.kxm.bench.client.Payloads;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Run events with their outbox rows, {@value #BATCH} per transaction in JDBC batches, nothing
 * computed: what the event-append baselines do on SQLite and on PostgreSQL alike. The caller makes
 * the tables and passes the two inserts, prepared on {@code db} with auto-commit off.
 */
final class EventBatches {
  static final int BATCH = 100;
  private static final String HASH = "0123456789abcdef".repeat(4);

  private final Connection db;
  private final PreparedStatement event;
  private final PreparedStatement outbox;
  private final String payload =
      "{\"kind\":\"step.output\",\"text\":\"" + Payloads.content(240) + "\"}";
  private long seq;

  /**
   * @param event {@code (run_id, seq, type, ts, payload, prev_hash, hash)}
   * @param outbox {@code (run_id, seq, created_at)}
   */
  EventBatches(Connection db, PreparedStatement event, PreparedStatement outbox) {
    this.db = db;
    this.event = event;
    this.outbox = outbox;
  }

  /** Whole batches until {@code nanos} passed; the events appended. */
  long runFor(long nanos) throws SQLException {
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
}
