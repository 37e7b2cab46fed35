package io.kxm.store.sync;

import io.kxm.core.check.Require;
import io.kxm.core.json.Json;
import io.kxm.core.sync.SyncEvent;
import io.kxm.core.sync.SyncLimits;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.Row;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@link SyncEventStore} in SQL that SQLite and PostgreSQL both accept. */
public final class SqlSyncEventStore implements SyncEventStore {
  // The key decides: a second insert of the same (project, run, sequence) changes nothing, even
  // when two pushes race, and the stored hash then tells a resend from a conflicting event.
  private static final String INSERT =
      "INSERT INTO sync_events (project, run_id, sequence, type, at, data, content_hash,"
          + " workflow_id, status, runtime_id, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
          + " ON CONFLICT (project, run_id, sequence) DO NOTHING";

  private static final String RUNS =
      "SELECT r.run_id, MAX(r.sequence) AS last_sequence, COUNT(*) AS events, MAX(r.at) AS"
          + " updated_at,"
          + " (SELECT w.workflow_id FROM sync_events w WHERE w.project = r.project"
          + " AND w.run_id = r.run_id AND w.workflow_id IS NOT NULL ORDER BY w.sequence LIMIT 1)"
          + " AS workflow_id,"
          + " (SELECT s.status FROM sync_events s WHERE s.project = r.project"
          + " AND s.run_id = r.run_id AND s.status IS NOT NULL ORDER BY s.sequence DESC LIMIT 1)"
          + " AS status"
          + " FROM sync_events r WHERE r.project = ? GROUP BY r.project, r.run_id"
          + " ORDER BY updated_at DESC, r.run_id LIMIT ?";

  private final Jdbc jdbc;
  private final Clock clock;

  public SqlSyncEventStore(Jdbc jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  @Override
  public Outcome accept(String runtimeId, SyncEvent event) {
    requireRuntime(runtimeId);
    String hash = event.contentHash();
    Jdbc on =
        jdbc.about(
            "accept sync event "
                + event.runId()
                + "#"
                + event.sequence()
                + " in project "
                + event.project());
    int inserted =
        on.update(
            INSERT,
            event.project(),
            event.runId(),
            event.sequence(),
            event.type(),
            event.at(),
            Json.write(event.data()),
            hash,
            word(event.data(), "workflowId", SyncLimits.ID),
            word(event.data(), "status", SyncLimits.WORD),
            runtimeId,
            now());
    if (inserted == 1) {
      return Outcome.ACCEPTED;
    }
    String stored =
        on.first(
                "SELECT content_hash FROM sync_events"
                    + " WHERE project = ? AND run_id = ? AND sequence = ?",
                row -> row.string("content_hash"),
                event.project(),
                event.runId(),
                event.sequence())
            .orElseThrow();
    return stored.equals(hash) ? Outcome.DUPLICATE : Outcome.CONFLICT;
  }

  @Override
  public void seen(String project, String runtimeId) {
    requireRuntime(runtimeId);
    Instant now = now();
    jdbc.about("record runtime " + runtimeId + " in project " + project)
        .update(
            "INSERT INTO runtime_presence (project, runtime_id, last_seen_at) VALUES (?, ?, ?)"
                + " ON CONFLICT (project, runtime_id) DO UPDATE SET"
                + " last_seen_at = excluded.last_seen_at",
            project,
            runtimeId,
            now);
  }

  @Override
  public Optional<Instant> lastSeen(String project, String runtimeId) {
    return jdbc.about("read runtime " + runtimeId + " in project " + project)
        .first(
            "SELECT last_seen_at FROM runtime_presence WHERE project = ? AND runtime_id = ?",
            row -> row.instant("last_seen_at"),
            project,
            runtimeId);
  }

  @Override
  public List<SyncEvent> events(String project, String runId) {
    return jdbc.about("read sync events of run " + runId + " in project " + project)
        .list(
            "SELECT project, run_id, sequence, type, at, data FROM sync_events"
                + " WHERE project = ? AND run_id = ? ORDER BY sequence",
            SqlSyncEventStore::map,
            project,
            runId);
  }

  @Override
  public List<RuntimeRun> runs(String project, int limit) {
    Require.atLeast(limit, 1, "limit");
    return jdbc.about("list runtime runs of project " + project)
        .list(
            RUNS,
            row ->
                new RuntimeRun(
                    project,
                    row.string("run_id"),
                    row.string("workflow_id"),
                    row.string("status"),
                    row.longValue("last_sequence"),
                    row.longValue("events"),
                    row.instant("updated_at")),
            project,
            limit);
  }

  private static SyncEvent map(Row row) throws SQLException {
    return new SyncEvent(
        row.string("project"),
        row.string("run_id"),
        row.longValue("sequence"),
        row.string("type"),
        row.instant("at"),
        (ObjectNode) Json.read(row.string("data")));
  }

  /** A text field of {@code data} that has the expected shape, else null. */
  private static String word(ObjectNode data, String field, java.util.regex.Pattern shape) {
    JsonNode value = data.get(field);
    return value != null && value.isString() && shape.matcher(value.asString()).matches()
        ? value.asString()
        : null;
  }

  private static void requireRuntime(String runtimeId) {
    Require.label(runtimeId, "runtimeId", 128);
  }

  private Instant now() {
    return Instant.ofEpochMilli(clock.millis());
  }
}
