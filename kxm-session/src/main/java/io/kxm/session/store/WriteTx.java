package io.kxm.session.store;

import io.kxm.core.json.Json;
import io.kxm.session.api.SessionEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * What one write task sees of the writer's open transaction: the connection with its prepared
 * statements, the clock, and the next {@code seq}. Events a task appends are held here until the
 * task succeeds; a task that is rolled back takes its events and its seqs back with it, so stored
 * seqs have no gaps.
 */
final class WriteTx {
  /** A run's newest event in a task or batch: what its signed head moves to once committed. */
  record HeadLink(String runId, long seq, String hash) {}

  private final SessionDialect dialect;
  private final Clock clock;

  /** The runtime instance this store's writer belongs to on a shared store; null otherwise. */
  private final String instanceId;

  private Connection connection;
  private final Map<String, PreparedStatement> statements = new HashMap<>();
  private final List<SessionEvent> taskEvents = new ArrayList<>();
  private final Map<String, HeadLink> taskHeads = new LinkedHashMap<>();
  private final Map<String, HeadLink> batchHeads = new LinkedHashMap<>();
  private long lastSeq;
  private long lastSeqAtTaskStart;

  WriteTx(SessionDialect dialect, Connection connection, Clock clock, long lastSeq) {
    this(dialect, connection, clock, lastSeq, null);
  }

  /**
   * @param instanceId the runtime instance whose writer this is, on a store several instances
   *     share: sessions it creates are its own, and runs it starts are recorded as executed by it
   */
  WriteTx(
      SessionDialect dialect, Connection connection, Clock clock, long lastSeq, String instanceId) {
    this.dialect = dialect;
    this.connection = connection;
    this.clock = clock;
    this.lastSeq = lastSeq;
    this.instanceId = instanceId;
  }

  /** The runtime instance of this writer on a shared store; null on one no other instance uses. */
  String instanceId() {
    return instanceId;
  }

  SessionDialect dialect() {
    return dialect;
  }

  /**
   * Makes {@code c} the connection of the batch to come. A writer that keeps one connection keeps
   * its prepared statements; one that borrows a connection per batch prepares them again.
   */
  void bind(Connection c) {
    if (c != connection) {
      closeStatements();
      connection = c;
    }
  }

  Instant now() {
    return clock.instant();
  }

  /** A statement prepared once per connection; callers set parameters and never close it. */
  PreparedStatement prepare(String sql) throws SQLException {
    PreparedStatement cached = statements.get(sql);
    if (cached == null) {
      cached = connection.prepareStatement(sql);
      statements.put(sql, cached);
    }
    return cached;
  }

  /**
   * Stores one event with the next seq. Its data is written as JSON text and read back, so that the
   * envelope published live is the one replay will read. A run's event extends the run's chain from
   * {@code prevHash}; a session event ({@code runId} null) is not chained.
   */
  SessionEvent insertEvent(
      String sessionId, String runId, String type, JsonNode data, String prevHash)
      throws SQLException {
    String text = Json.write(data);
    SessionEvent event =
        new SessionEvent(lastSeq + 1, sessionId, runId, type, now(), Json.read(text));
    String hash = runId == null ? null : SessionChain.hash(prevHash, event);
    PreparedStatement s =
        prepare(
            "INSERT INTO events (seq, session_id, run_id, type, at, data, prev_hash, hash)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    s.setLong(1, event.seq());
    s.setString(2, sessionId);
    s.setString(3, runId);
    s.setString(4, type);
    s.setString(5, Rows.time(event.at()));
    s.setString(6, text);
    s.setString(7, runId == null ? null : prevHash);
    s.setString(8, hash);
    s.executeUpdate();
    if (runId != null) {
      PreparedStatement head = prepare("UPDATE runs SET last_hash = ? WHERE id = ?");
      head.setString(1, hash);
      head.setString(2, runId);
      head.executeUpdate();
      taskHeads.put(runId, new HeadLink(runId, event.seq(), hash));
    }
    lastSeq = event.seq();
    taskEvents.add(event);
    return event;
  }

  long lastSeq() {
    return lastSeq;
  }

  /** The newest event of each run the committed batch wrote to, and forgets them. */
  List<HeadLink> takeBatchHeads() {
    List<HeadLink> heads = List.copyOf(batchHeads.values());
    batchHeads.clear();
    return heads;
  }

  void startTask() {
    taskEvents.clear();
    taskHeads.clear();
    lastSeqAtTaskStart = lastSeq;
  }

  /** The events of a task that succeeded, to publish once the batch commits. */
  List<SessionEvent> keepTask() {
    List<SessionEvent> kept = List.copyOf(taskEvents);
    taskEvents.clear();
    batchHeads.putAll(taskHeads);
    taskHeads.clear();
    return kept;
  }

  void dropTask() {
    taskEvents.clear();
    taskHeads.clear();
    lastSeq = lastSeqAtTaskStart;
  }

  /** After a failed batch, forgets everything it had numbered. */
  void resetSeq(long committedLastSeq) {
    taskEvents.clear();
    taskHeads.clear();
    batchHeads.clear();
    lastSeq = committedLastSeq;
  }

  void closeStatements() {
    for (PreparedStatement s : statements.values()) {
      try {
        s.close();
      } catch (SQLException e) {
        // Closing on shutdown; the connection closes next and releases them anyway.
      }
    }
    statements.clear();
  }
}
