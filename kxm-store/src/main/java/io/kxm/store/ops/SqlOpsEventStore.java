package io.kxm.store.ops;

import io.kxm.core.check.Require;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.stream.StreamEvent;
import io.kxm.store.jdbc.CountedAppend;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.Row;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import tools.jackson.core.JacksonException;

/**
 * {@link OpsEventStore} in SQL. Numbers come from one counter row bumped in the appending
 * transaction, as {@code SqlAgentEventStore} does per agent: on PostgreSQL its row lock, held until
 * commit, makes numbers visible in order, so a follower that has seen n+1 never later finds an n it
 * missed, and a rollback leaves no gap. Callers append last in their transaction to keep that lock
 * short.
 */
public final class SqlOpsEventStore implements OpsEventStore {
  /** Metadata only: a few ids, names and sizes. */
  public static final int MAX_DATA_CHARS = 16 * 1024;

  private static final String NEXT_SEQ =
      "INSERT INTO ops_event_seq (id, last_seq) VALUES (1, 1) ON CONFLICT (id)"
          + " DO UPDATE SET last_seq = ops_event_seq.last_seq + 1 RETURNING last_seq";

  private static final CountedAppend APPEND =
      new CountedAppend(NEXT_SEQ, "ops_events", List.of("at", "project", "kind", "data"));

  private final Jdbc jdbc;
  private final Clock clock;

  public SqlOpsEventStore(Jdbc jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  @Override
  public OpsEvent append(String project, String kind, String dataJson) {
    StreamEvent.requireType(kind);
    Require.text(project, "project", 256);
    Require.text(dataJson, "ops event data", MAX_DATA_CHARS);
    requireObject(dataJson, kind);
    Jdbc on = jdbc.about("append ops event " + kind + " of project " + project);
    Instant at = Instant.ofEpochMilli(clock.millis());
    long seq = APPEND.append(on, List.of(), at, project, kind, dataJson);
    return new OpsEvent(seq, at, project, kind, dataJson);
  }

  @Override
  public List<OpsEvent> readAfter(long afterSeq, String project, int limit) {
    Require.atLeast(limit, 1, "limit");
    Jdbc on = jdbc.about("read ops events after " + afterSeq);
    if (project == null) {
      return on.list(
          "SELECT seq, at, project, kind, data FROM ops_events WHERE seq > ? ORDER BY seq LIMIT ?",
          SqlOpsEventStore::map,
          afterSeq,
          limit);
    }
    return on.list(
        "SELECT seq, at, project, kind, data FROM ops_events"
            + " WHERE project = ? AND seq > ? ORDER BY seq LIMIT ?",
        SqlOpsEventStore::map,
        project,
        afterSeq,
        limit);
  }

  @Override
  public List<OpsEvent> latest(String project, String kindPrefix, int limit) {
    Require.atLeast(limit, 1, "limit");
    StreamEvent.requireType(kindPrefix.endsWith(".") ? kindPrefix + "x" : kindPrefix);
    Jdbc on = jdbc.about("read the latest ops events of kind " + kindPrefix);
    // The prefix is dotted lower case (checked above): no LIKE wildcard can be in it.
    String like = kindPrefix + "%";
    if (project == null) {
      return on.list(
          "SELECT seq, at, project, kind, data FROM ops_events WHERE kind LIKE ?"
              + " ORDER BY seq DESC LIMIT ?",
          SqlOpsEventStore::map,
          like,
          limit);
    }
    return on.list(
        "SELECT seq, at, project, kind, data FROM ops_events WHERE project = ? AND kind LIKE ?"
            + " ORDER BY seq DESC LIMIT ?",
        SqlOpsEventStore::map,
        project,
        like,
        limit);
  }

  @Override
  public OptionalLong oldestRetainedSeq() {
    Optional<Long> oldest =
        jdbc.about("read the oldest ops event")
            .first("SELECT seq FROM ops_events ORDER BY seq LIMIT 1", row -> row.longValue("seq"));
    return oldest.map(OptionalLong::of).orElse(OptionalLong.empty());
  }

  @Override
  public long lastSeq() {
    return jdbc.about("read the last ops event number")
        .first("SELECT last_seq FROM ops_event_seq WHERE id = 1", row -> row.longValue("last_seq"))
        .orElse(0L);
  }

  @Override
  public int trimOlderThan(Instant cutoff) {
    return jdbc.about("trim ops events older than " + cutoff)
        .update("DELETE FROM ops_events WHERE at < ?", cutoff);
  }

  private static void requireObject(String text, String kind) {
    try {
      if (!Json.read(text).isObject()) {
        throw new KxmException(ErrorCode.INVALID_REQUEST, "data of " + kind + " is not an object");
      }
    } catch (JacksonException e) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "data of " + kind + " is not JSON");
    }
  }

  private static OpsEvent map(Row row) throws SQLException {
    return new OpsEvent(
        row.longValue("seq"),
        row.instant("at"),
        row.string("project"),
        row.string("kind"),
        row.string("data"));
  }
}
