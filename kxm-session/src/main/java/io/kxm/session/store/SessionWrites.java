package io.kxm.session.store;

import io.kxm.core.chain.HashChain;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.id.Ids;
import io.kxm.core.id.RunKind;
import io.kxm.core.json.Json;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/** Changes to sessions: creating one, queueing its runs, adding to its history. */
final class SessionWrites {
  private static final Set<String> ROLES = Set.of("user", "assistant", "interaction");

  private SessionWrites() {}

  static StoreWriter.Work<Session> create(
      Clock clock, String workspaceRoot, HarnessSpec harness, String model) {
    CallerChecks.text("workspaceRoot", workspaceRoot);
    if (harness == null) {
      throw new IllegalArgumentException("a session needs a harness");
    }
    String id = Ids.next("ses", clock);
    return tx -> {
      Instant now = tx.now();
      PreparedStatement s =
          tx.prepare("INSERT INTO sessions (" + Rows.SESSION + ") VALUES (?, ?, ?, ?, ?, ?)");
      s.setString(1, id);
      s.setString(2, workspaceRoot);
      s.setString(3, Rows.harnessJson(harness));
      s.setString(4, model);
      s.setString(5, Rows.time(now));
      s.setString(6, Rows.time(now));
      s.executeUpdate();
      SharedRows.ownNewSession(tx, id);
      ObjectNode data = Json.object();
      data.put("workspaceRoot", workspaceRoot);
      data.set("harness", Json.read(Rows.harnessJson(harness)));
      data.put("model", model);
      tx.insertEvent(id, null, EventTypes.SESSION_CREATED, data, null);
      return new Session(id, workspaceRoot, harness, model, now, now, null);
    };
  }

  /** Closes a session; closing a closed one changes nothing and returns it as it is. */
  static StoreWriter.Work<Session> close(String sessionId) {
    CallerChecks.text("sessionId", sessionId);
    return tx -> {
      Session session = TxRows.session(tx, sessionId);
      if (session.closed()) {
        return session;
      }
      Instant now = tx.now();
      PreparedStatement s = tx.prepare("UPDATE sessions SET closed_at = ? WHERE id = ?");
      s.setString(1, Rows.time(now));
      s.setString(2, sessionId);
      s.executeUpdate();
      tx.insertEvent(sessionId, null, EventTypes.SESSION_CLOSED, Json.object(), null);
      return new Session(
          session.id(),
          session.workspaceRoot(),
          session.harness(),
          session.model(),
          session.createdAt(),
          session.lastActiveAt(),
          now);
    };
  }

  /**
   * Deletes a closed session whose runs all ended, with everything stored of it: runs, events,
   * messages, interactions and sync rows.
   */
  static StoreWriter.Work<Void> delete(String sessionId) {
    CallerChecks.text("sessionId", sessionId);
    return tx -> {
      Session session = TxRows.session(tx, sessionId);
      if (!session.closed()) {
        throw new KxmException(
            ErrorCode.SESSION_NOT_CLOSED, "session " + sessionId + " is still open");
      }
      PreparedStatement active =
          tx.prepare(
              "SELECT count(*) FROM runs WHERE session_id = ? AND status IN ('queued', 'running')");
      active.setString(1, sessionId);
      try (ResultSet rs = active.executeQuery()) {
        if (rs.next() && rs.getLong(1) > 0) {
          throw new KxmException(
              ErrorCode.SESSION_NOT_CLOSED,
              "session " + sessionId + " still has " + rs.getLong(1) + " run(s) not ended");
        }
      }
      for (String sql :
          List.of(
              "DELETE FROM run_processes WHERE run_id IN (SELECT id FROM runs WHERE session_id = ?)",
              "DELETE FROM sync_outbox WHERE run_id IN (SELECT id FROM runs WHERE session_id = ?)",
              "DELETE FROM interactions WHERE session_id = ?",
              "DELETE FROM messages WHERE session_id = ?",
              "DELETE FROM events WHERE session_id = ?",
              "DELETE FROM runs WHERE session_id = ?",
              "DELETE FROM sessions WHERE id = ?")) {
        PreparedStatement s = tx.prepare(sql);
        s.setString(1, sessionId);
        s.executeUpdate();
      }
      return null;
    };
  }

  static StoreWriter.Work<SessionRun> createRun(
      Clock clock, String sessionId, String prompt, String resumedFrom) {
    CallerChecks.text("sessionId", sessionId);
    if (prompt == null) {
      throw new IllegalArgumentException("a run needs a prompt");
    }
    String id = RunKind.SESSION.next(clock);
    return tx -> {
      Session session = TxRows.session(tx, sessionId);
      if (session.closed()) {
        throw new KxmException(
            ErrorCode.SESSION_CLOSED,
            "session "
                + sessionId
                + " was closed at "
                + session.closedAt()
                + " and takes no turns");
      }
      if (resumedFrom != null) {
        SessionRun from = TxRows.run(tx, resumedFrom).run();
        if (!from.sessionId().equals(sessionId)) {
          throw new KxmException(
              ErrorCode.RUN_NOT_FOUND,
              "run "
                  + resumedFrom
                  + " belongs to session "
                  + from.sessionId()
                  + ", not "
                  + sessionId,
              "Continue a run of the same session.");
        }
      }
      Instant now = tx.now();
      PreparedStatement s =
          tx.prepare(
              "INSERT INTO runs (id, session_id, prompt, status, resumed_from, created_at,"
                  + " last_hash) VALUES (?, ?, ?, ?, ?, ?, ?)");
      s.setString(1, id);
      s.setString(2, sessionId);
      s.setString(3, prompt);
      s.setString(4, SessionRunStatus.QUEUED.wire());
      s.setString(5, resumedFrom);
      s.setString(6, Rows.time(now));
      s.setString(7, HashChain.GENESIS);
      s.executeUpdate();
      TxRows.touchSession(tx, sessionId, now);
      SyncRows.enqueue(tx, session, id, SessionRunStatus.QUEUED, null);
      ObjectNode data = Json.object();
      data.put("status", SessionRunStatus.QUEUED.wire());
      data.put("prompt", prompt);
      data.put("resumedFrom", resumedFrom);
      tx.insertEvent(sessionId, id, EventTypes.RUN_QUEUED, data, HashChain.GENESIS);
      return new SessionRun(
          id,
          sessionId,
          prompt,
          SessionRunStatus.QUEUED,
          resumedFrom,
          null,
          null,
          null,
          now,
          null,
          null);
    };
  }

  static StoreWriter.Work<SessionMessage> appendMessage(
      String sessionId, String runId, String role, String content) {
    CallerChecks.text("sessionId", sessionId);
    if (!ROLES.contains(role)) {
      throw new IllegalArgumentException("a message role is one of " + ROLES + ", not " + role);
    }
    if (content == null) {
      throw new IllegalArgumentException("a message needs content");
    }
    return tx -> {
      TxRows.session(tx, sessionId);
      if (runId != null && !TxRows.run(tx, runId).run().sessionId().equals(sessionId)) {
        throw new KxmException(
            ErrorCode.RUN_NOT_FOUND,
            "run " + runId + " is not a run of session " + sessionId,
            "Name a run of the same session, or none.");
      }
      long index = nextIndex(tx, sessionId);
      Instant now = tx.now();
      PreparedStatement s =
          tx.prepare(
              "INSERT INTO messages (session_id, idx, run_id, role, content, at)"
                  + " VALUES (?, ?, ?, ?, ?, ?)");
      s.setString(1, sessionId);
      s.setLong(2, index);
      s.setString(3, runId);
      s.setString(4, role);
      s.setString(5, content);
      s.setString(6, Rows.time(now));
      s.executeUpdate();
      TxRows.touchSession(tx, sessionId, now);
      return new SessionMessage(index, runId, role, content, now);
    };
  }

  private static long nextIndex(WriteTx tx, String sessionId) throws SQLException {
    PreparedStatement s =
        tx.prepare("SELECT coalesce(max(idx), -1) + 1 FROM messages WHERE session_id = ?");
    s.setString(1, sessionId);
    try (ResultSet rs = s.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
