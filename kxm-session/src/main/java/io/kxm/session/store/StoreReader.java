package io.kxm.session.store;

import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.OutboxRow;
import io.kxm.runtime.receipt.SignedHead;
import io.kxm.session.api.EncodedEvent;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore.ChainCheck;
import io.kxm.session.api.SessionStore.RecordedProcess;
import io.kxm.session.api.StreamKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads of the session store on their own connections. A reader sees the last commit and never
 * waits for the writer (SQLite in WAL mode, PostgreSQL's MVCC), so streams replaying history do not
 * slow the runs writing it.
 */
final class StoreReader {
  /** The one translation of a failed read into the store's error. */
  interface Failure {
    KxmException of(SQLException e, String doing);
  }

  private static final String RUNNING_PROCESSES =
      "SELECT p.run_id, p.pid, p.process_start FROM run_processes p JOIN runs r ON r.id ="
          + " p.run_id WHERE r.status = 'running' ORDER BY r.rowid";

  private final Failure failure;
  private final ReadSource connections;
  private final SessionDialect dialect;

  StoreReader(Failure failure, ReadSource connections, SessionDialect dialect) {
    this.failure = failure;
    this.connections = connections;
    this.dialect = dialect;
  }

  Optional<Session> session(String id) {
    return one("SELECT " + Rows.SESSION_READ + " FROM sessions WHERE id = ?", Rows::session, id);
  }

  List<Session> sessions(int limit) {
    return list(
        "SELECT "
            + Rows.SESSION_READ
            + " FROM sessions ORDER BY last_active_at DESC, rowid DESC LIMIT ?",
        Rows::session,
        limit);
  }

  Optional<SessionRun> run(String id) {
    return one("SELECT " + Rows.RUN + " FROM runs WHERE id = ?", Rows::run, id);
  }

  List<SessionRun> runs(String sessionId) {
    return list(
        "SELECT " + Rows.RUN + " FROM runs WHERE session_id = ? ORDER BY rowid",
        Rows::run,
        sessionId);
  }

  List<SessionRun> runsIn(SessionRunStatus status) {
    return list(
        "SELECT " + Rows.RUN + " FROM runs WHERE status = ? ORDER BY rowid",
        Rows::run,
        status.wire());
  }

  List<SessionMessage> messages(String sessionId) {
    return list(
        "SELECT " + Rows.MESSAGE + " FROM messages WHERE session_id = ? ORDER BY idx",
        Rows::message,
        sessionId);
  }

  Optional<Interaction> interaction(String id) {
    return one(
        "SELECT " + Rows.INTERACTION + " FROM interactions WHERE id = ?", Rows::interaction, id);
  }

  List<Interaction> interactions(String runId) {
    return list(
        "SELECT " + Rows.INTERACTION + " FROM interactions WHERE run_id = ? ORDER BY rowid",
        Rows::interaction,
        runId);
  }

  List<RecordedProcess> runningProcesses() {
    return list(
        RUNNING_PROCESSES,
        rs -> new RecordedProcess(rs.getString(1), rs.getLong(2), Instant.parse(rs.getString(3))));
  }

  /** The harness processes of running runs, on a connection of the caller's. */
  static List<RecordedProcess> runningProcesses(Connection c) throws SQLException {
    List<RecordedProcess> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(RUNNING_PROCESSES);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(
            new RecordedProcess(rs.getString(1), rs.getLong(2), Instant.parse(rs.getString(3))));
      }
    }
    return out;
  }

  List<SessionEvent> replay(StreamKey key, long afterSeq, int limit) {
    return list(replaySql(key), Rows::event, key.id(), afterSeq, limit);
  }

  /** Events of every stream with {@code seq > afterSeq}, in order, at most {@code limit}. */
  List<SessionEvent> eventsAfter(long afterSeq, int limit) {
    return list(
        "SELECT " + Rows.EVENT + " FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
        Rows::event,
        afterSeq,
        limit);
  }

  Optional<SessionEvent> lastEvent(String runId) {
    return one(
        "SELECT " + Rows.EVENT + " FROM events WHERE run_id = ? ORDER BY seq DESC LIMIT 1",
        Rows::event,
        runId);
  }

  List<EncodedEvent> replayEncoded(StreamKey key, long afterSeq, int limit) {
    return list(replaySql(key), Rows::encodedEvent, key.id(), afterSeq, limit);
  }

  private static String replaySql(StreamKey key) {
    String column = key.kind() == StreamKey.Kind.RUN ? "run_id" : "session_id";
    return "SELECT "
        + Rows.EVENT
        + " FROM events WHERE "
        + column
        + " = ? AND seq > ? ORDER BY seq LIMIT ?";
  }

  /**
   * Checks the run from one snapshot, so that events committed meanwhile neither show up half nor
   * move the recorded head; empty when there is no such run. {@code head} was read before the
   * snapshot, so it never names an event the snapshot cannot see.
   */
  Optional<ChainCheck> verify(String runId, Optional<SignedHead> head) {
    try {
      return connections.snapshot(c -> verifyInSnapshot(c, runId, head));
    } catch (SQLException e) {
      throw failure.of(e, "verify run " + runId);
    }
  }

  private static Optional<ChainCheck> verifyInSnapshot(
      Connection c, String runId, Optional<SignedHead> head) throws SQLException {
    List<TxRows.RunHead> found =
        query(
            c,
            "SELECT " + Rows.RUN + ", last_hash FROM runs WHERE id = ?",
            rs -> new TxRows.RunHead(Rows.run(rs), rs.getString(12)),
            runId);
    if (found.isEmpty()) {
      return head.map(h -> ChainVerifier.removed(runId, h));
    }
    List<ChainVerifier.Link> links =
        query(
            c,
            "SELECT " + Rows.EVENT + ", prev_hash, hash FROM events WHERE run_id = ? ORDER BY seq",
            rs -> new ChainVerifier.Link(Rows.event(rs), rs.getString(7), rs.getString(8)),
            runId);
    List<SessionMessage> history =
        query(
            c,
            "SELECT " + Rows.MESSAGE + " FROM messages WHERE run_id = ? ORDER BY idx",
            Rows::message,
            runId);
    TxRows.RunHead row = found.getFirst();
    return Optional.of(
        ChainVerifier.verify(
            runId, new ChainVerifier.Stored(row.run(), row.lastHash(), links, history), head));
  }

  /** The highest seq ever given, even when the purge deleted the newest events. */
  long lastSeq() {
    return one(dialect.lastSeqSql(), rs -> rs.getLong(1)).orElse(0L);
  }

  /** The highest seq of the session's events that the retention purge deleted; 0 when none. */
  long purgedThrough(String sessionId) {
    return one("SELECT purged_through FROM sessions WHERE id = ?", rs -> rs.getLong(1), sessionId)
        .orElse(0L);
  }

  /** The first seq the stream still holds after {@code afterSeq}, if any. */
  OptionalLong firstSeqAfter(StreamKey key, long afterSeq) {
    String column = key.kind() == StreamKey.Kind.RUN ? "run_id" : "session_id";
    long first =
        number(
            "SELECT coalesce(min(seq), -1) FROM events WHERE " + column + " = ? AND seq > ?",
            key.id(),
            afterSeq);
    return first < 0 ? OptionalLong.empty() : OptionalLong.of(first);
  }

  /** The first column of each row, as text. */
  List<String> strings(String sql, Object... args) {
    return list(sql, rs -> rs.getString(1), args);
  }

  /** A single number, such as a count. */
  long number(String sql, Object... args) {
    return one(sql, rs -> rs.getLong(1), args).orElse(0L);
  }

  /** The project's sync rows still waiting, oldest first. */
  List<OutboxRow> pendingSync(String projectKey, int limit) {
    return list(
        "SELECT row_id, project_key, run_id, sequence, type, at, data FROM sync_outbox"
            + " WHERE project_key = ? AND state = 'pending' ORDER BY row_id LIMIT ?",
        rs ->
            new OutboxRow(
                rs.getLong(1),
                rs.getString(2),
                rs.getString(3),
                rs.getLong(4),
                rs.getString(5),
                Instant.parse(rs.getString(6)),
                Json.read(rs.getString(7))),
        projectKey,
        limit);
  }

  Outbox.OutboxCounts syncCounts(String projectKey) {
    return one(
            "SELECT count(*) FILTER (WHERE state = 'pending'),"
                + " count(*) FILTER (WHERE state = 'acknowledged'),"
                + " count(*) FILTER (WHERE state = 'parked') FROM sync_outbox WHERE project_key = ?",
            rs -> new Outbox.OutboxCounts(rs.getLong(1), rs.getLong(2), rs.getLong(3)),
            projectKey)
        .orElseThrow();
  }

  void close() {
    connections.close();
  }

  private <T> Optional<T> one(String sql, Rows.Mapper<T> mapper, Object... args) {
    List<T> rows = list(sql, mapper, args);
    return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
  }

  private <T> List<T> list(String sql, Rows.Mapper<T> mapper, Object... args) {
    try {
      return connections.with(c -> query(c, sql, mapper, args));
    } catch (SQLException e) {
      throw failure.of(e, "read the session store");
    }
  }

  private static <T> List<T> query(Connection c, String sql, Rows.Mapper<T> mapper, Object... args)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        s.setObject(i + 1, args[i]);
      }
      try (ResultSet rs = s.executeQuery()) {
        return Rows.all(rs, mapper);
      }
    }
  }
}
