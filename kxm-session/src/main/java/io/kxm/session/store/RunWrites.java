package io.kxm.session.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Tokens;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore.Ending;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Changes to one run: its lifecycle, its streamed events and its harness process. */
final class RunWrites {
  /**
   * Types only the store writes, each with the change it announces; appending one directly would
   * put an event in the log that no stored state backs.
   */
  private static final Set<String> OWNED_TYPES =
      Set.of(
          EventTypes.SESSION_CREATED,
          EventTypes.RUN_QUEUED,
          EventTypes.RUN_STARTED,
          EventTypes.RUN_COMPLETED,
          EventTypes.RUN_FAILED,
          EventTypes.RUN_CANCELLED,
          EventTypes.RUN_INTERRUPTED,
          EventTypes.APPROVAL_REQUIRED,
          EventTypes.CLARIFICATION_REQUIRED,
          EventTypes.ELICITATION_REQUIRED,
          EventTypes.INTERACTION_RESOLVED);

  /**
   * The field of a run's ending event that lists the messages the run added to the history (index,
   * role, SHA-256 of the content), so that the chain vouches for what later turns are fed.
   */
  static final String HISTORY = "messages";

  private RunWrites() {}

  static StoreWriter.Work<SessionRun> transition(
      String runId, SessionRunStatus to, Ending ending, JsonNode data) {
    CallerChecks.text("runId", runId);
    if (to == null) {
      throw new IllegalArgumentException("a transition needs a target status");
    }
    CallerChecks.objectOrNull("data", data);
    return tx -> {
      TxRows.RunHead head = TxRows.run(tx, runId);
      SessionRun run = head.run();
      if (!run.status().canMoveTo(to)) {
        throw new KxmException(
            ErrorCode.RUN_TRANSITION_REFUSED,
            "run " + runId + " cannot move from " + run.status().wire() + " to " + to.wire());
      }
      if (to == SessionRunStatus.RUNNING) {
        requireNoOtherRunning(tx, run);
      }
      Instant now = tx.now();
      Ending end = ending == null ? new Ending(null, null, null) : ending;
      Instant startedAt = to == SessionRunStatus.RUNNING ? now : run.startedAt();
      Instant finishedAt = to.isTerminal() ? now : null;
      PreparedStatement s =
          tx.prepare(
              "UPDATE runs SET status = ?, outcome = ?, error = ?, final_message = ?,"
                  + " started_at = ?, finished_at = ? WHERE id = ?");
      s.setString(1, to.wire());
      s.setString(2, end.outcome());
      s.setString(3, end.error());
      s.setString(4, end.finalMessage());
      s.setString(5, Rows.time(startedAt));
      s.setString(6, Rows.time(finishedAt));
      s.setString(7, runId);
      s.executeUpdate();
      if (to == SessionRunStatus.RUNNING) {
        SharedRows.markExecutor(tx, runId);
      }
      if (to.isTerminal() && to != SessionRunStatus.INTERRUPTED) {
        closePending(tx, runId);
      }
      TxRows.touchSession(tx, run.sessionId(), now);
      SyncRows.enqueue(tx, TxRows.session(tx, run.sessionId()), runId, to, end);
      ObjectNode status = statusData(to, end, data);
      if (to.isTerminal()) {
        status.set(HISTORY, history(tx, runId));
      }
      tx.insertEvent(run.sessionId(), runId, EventTypes.forStatus(to), status, head.lastHash());
      return new SessionRun(
          run.id(),
          run.sessionId(),
          run.prompt(),
          to,
          run.resumedFrom(),
          end.outcome(),
          end.error(),
          end.finalMessage(),
          run.createdAt(),
          startedAt,
          finishedAt);
    };
  }

  static StoreWriter.Work<SessionEvent> append(String runId, String type, JsonNode data) {
    CallerChecks.text("runId", runId);
    CallerChecks.text("type", type);
    if (OWNED_TYPES.contains(type)) {
      throw new IllegalArgumentException(
          type + " is written by the store with the change it announces, not appended");
    }
    CallerChecks.objectOrNull("data", data);
    JsonNode body = data == null ? Json.object() : data;
    return tx -> {
      TxRows.RunHead head = TxRows.run(tx, runId);
      SessionRun run = head.run();
      if (run.status().isTerminal()) {
        throw new KxmException(
            ErrorCode.RUN_TRANSITION_REFUSED,
            "run " + runId + " is " + run.status().wire() + "; its event log takes no more events",
            "Append only while the run is queued or running.");
      }
      return tx.insertEvent(run.sessionId(), runId, type, body, head.lastHash());
    };
  }

  static StoreWriter.Work<Void> recordProcess(String runId, long pid, Instant processStart) {
    CallerChecks.text("runId", runId);
    if (pid <= 0 || processStart == null) {
      throw new IllegalArgumentException("a process needs a positive pid and its start time");
    }
    return tx -> {
      SessionRun run = TxRows.run(tx, runId).run();
      if (run.status() != SessionRunStatus.RUNNING) {
        throw new KxmException(
            ErrorCode.RUN_TRANSITION_REFUSED,
            "run " + runId + " is " + run.status().wire() + "; only a running run has a process",
            "Record the process after moving the run to running.");
      }
      PreparedStatement s =
          tx.prepare(
              "INSERT INTO run_processes (run_id, pid, process_start) VALUES (?, ?, ?)"
                  + " ON CONFLICT (run_id) DO UPDATE SET pid = excluded.pid,"
                  + " process_start = excluded.process_start");
      s.setString(1, runId);
      s.setLong(2, pid);
      s.setString(3, Rows.time(processStart));
      s.executeUpdate();
      return null;
    };
  }

  /**
   * One session runs one turn at a time. The writer's transaction is the only one changing the
   * store (one writer thread on SQLite, the seq row lock on PostgreSQL), so the check holds for
   * every handle on the store, in this process or another.
   */
  private static void requireNoOtherRunning(WriteTx tx, SessionRun run) throws SQLException {
    PreparedStatement s =
        tx.prepare(
            "SELECT id FROM runs WHERE session_id = ? AND status = 'running' AND id <> ? LIMIT 1");
    s.setString(1, run.sessionId());
    s.setString(2, run.id());
    try (ResultSet rs = s.executeQuery()) {
      if (rs.next()) {
        throw new KxmException(
            ErrorCode.RUN_TRANSITION_REFUSED,
            "run "
                + run.id()
                + " cannot start: session "
                + run.sessionId()
                + " is already running run "
                + rs.getString(1),
            "Wait for that run to end, or cancel it, then start this one.");
      }
    }
  }

  /** The caller's fields, then the status fields, which always win. */
  private static ObjectNode statusData(SessionRunStatus to, Ending end, JsonNode data) {
    ObjectNode out = Json.object();
    if (data != null) {
      out.setAll((ObjectNode) data);
    }
    out.put("status", to.wire());
    putIfSet(out, "outcome", end.outcome());
    putIfSet(out, "error", end.error());
    putIfSet(out, "finalMessage", end.finalMessage());
    return out;
  }

  private static void putIfSet(ObjectNode out, String name, String value) {
    if (value != null) {
      out.put(name, value);
    }
  }

  private static ArrayNode history(WriteTx tx, String runId) throws SQLException {
    PreparedStatement s =
        tx.prepare("SELECT idx, role, content FROM messages WHERE run_id = ? ORDER BY idx");
    s.setString(1, runId);
    ArrayNode out = Json.MAPPER.createArrayNode();
    try (ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        out.add(digest(rs.getLong(1), rs.getString(2), rs.getString(3)));
      }
    }
    return out;
  }

  /** One message as the ending event lists it. */
  static ObjectNode digest(long index, String role, String content) {
    return Json.object()
        .put("index", index)
        .put("role", role)
        .put("sha256", Tokens.sha256Hex(content));
  }

  private static void closePending(WriteTx tx, String runId) throws SQLException {
    PreparedStatement s =
        tx.prepare(
            "UPDATE interactions SET status = ?, resolved_at = NULL"
                + " WHERE run_id = ? AND status = ?");
    s.setString(1, Interaction.CLOSED);
    s.setString(2, runId);
    s.setString(3, Interaction.PENDING);
    s.executeUpdate();
  }
}
