package io.kxm.session.store;

import io.kxm.core.json.Json;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore.Ending;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a session run's lifecycle step into the sync outbox, in the transaction that took it. Only
 * ids, the status, the outcome, the error code and the harness kind are kept: prompts and messages
 * never reach the outbox, and the sync allowlist filters again before anything leaves.
 */
final class SyncRows {
  /** The event type a session run's move to {@code status} syncs as. */
  static String type(SessionRunStatus status) {
    return "session_run." + status.wire();
  }

  private SyncRows() {}

  static void enqueue(WriteTx tx, Session session, String runId, SessionRunStatus to, Ending end)
      throws SQLException {
    Optional<String> projectKey = projectKey(session.workspaceRoot());
    if (projectKey.isEmpty()) {
      return;
    }
    ObjectNode data = Json.object();
    data.put("sessionId", session.id());
    data.put("status", to.wire());
    data.put("harness", session.harness().type());
    if (end != null && end.outcome() != null) {
      data.put("outcome", end.outcome());
    }
    if (end != null && end.error() != null) {
      data.put("error", end.error());
    }
    PreparedStatement s =
        tx.prepare(
            "INSERT INTO sync_outbox (project_key, run_id, sequence, type, at, data) VALUES (?, ?,"
                + " (SELECT COALESCE(MAX(sequence), 0) + 1 FROM sync_outbox WHERE run_id = ?),"
                + " ?, ?, ?)");
    s.setString(1, projectKey.get());
    s.setString(2, runId);
    s.setString(3, runId);
    s.setString(4, type(to));
    s.setString(5, Rows.time(tx.now()));
    s.setString(6, Json.write(data));
    s.executeUpdate();
  }

  /** Settles one row as acknowledged, or parked with the hub's refusal. */
  static StoreWriter.Work<Void> settle(long rowId, String state, String code, String message) {
    return tx -> {
      PreparedStatement s =
          tx.prepare(
              "UPDATE sync_outbox SET state = ?, park_code = ?, park_message = ? WHERE row_id = ?");
      s.setString(1, state);
      s.setString(2, code);
      s.setString(3, message);
      s.setLong(4, rowId);
      s.executeUpdate();
      return null;
    };
  }

  /** Offers a project's parked rows again; the count of rows offered. */
  static StoreWriter.Work<Integer> unpark(String projectKey) {
    return tx -> {
      PreparedStatement s =
          tx.prepare(
              "UPDATE sync_outbox SET state = 'pending', park_code = NULL, park_message = NULL"
                  + " WHERE project_key = ? AND state = 'parked'");
      s.setString(1, projectKey);
      return s.executeUpdate();
    };
  }

  /**
   * The key of the project a workspace belongs to: the nearest folder at or above it that holds a
   * {@code .kxm/}, the way {@code kxm runs list} counts a session's runs under a project; empty for
   * a workspace outside every project.
   */
  static Optional<String> projectKey(String workspaceRoot) {
    Path folder;
    try {
      folder = Path.of(workspaceRoot).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      return Optional.empty();
    }
    for (; folder != null; folder = folder.getParent()) {
      if (Files.isDirectory(folder.resolve(".kxm"), LinkOption.NOFOLLOW_LINKS)) {
        return Optional.of(ProjectKeys.key(ProjectKeys.canonical(folder)));
      }
    }
    return Optional.empty();
  }
}
