package io.kxm.session.store;

import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SharedSessions;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Who owns what among the runtime instances sharing one PostgreSQL session schema. Each change of
 * owner is one conditional {@code UPDATE}, so two instances taking the same session over at once
 * leave exactly one owner.
 */
final class PostgresSharedSessions implements SharedSessions {
  private final String instanceId;
  private final ReadSource connections;
  private final StoreReader.Failure failure;
  private final StoreFollower follower;

  PostgresSharedSessions(
      String instanceId,
      ReadSource connections,
      StoreReader.Failure failure,
      StoreFollower follower) {
    this.instanceId = instanceId;
    this.connections = connections;
    this.failure = failure;
    this.follower = follower;
  }

  @Override
  public String instanceId() {
    return instanceId;
  }

  @Override
  public Optional<String> owner(String sessionId) {
    CallerChecks.text("sessionId", sessionId);
    return text("SELECT owner_instance FROM sessions WHERE id = ?", sessionId);
  }

  @Override
  public boolean takeOver(String sessionId, Optional<String> expected) {
    CallerChecks.text("sessionId", sessionId);
    return run(
        "take over session " + sessionId,
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "UPDATE sessions SET owner_instance = ? WHERE id = ?"
                      + " AND owner_instance IS NOT DISTINCT FROM ?")) {
            s.setString(1, instanceId);
            s.setString(2, sessionId);
            s.setString(3, expected.orElse(null));
            return s.executeUpdate() == 1;
          }
        });
  }

  @Override
  public List<String> takeAllOf(String deadInstance) {
    CallerChecks.text("deadInstance", deadInstance);
    return run(
        "take over the sessions of " + deadInstance,
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "UPDATE sessions SET owner_instance = ? WHERE owner_instance = ? RETURNING id")) {
            s.setString(1, instanceId);
            s.setString(2, deadInstance);
            List<String> ids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
              while (rs.next()) {
                ids.add(rs.getString(1));
              }
            }
            return ids;
          }
        });
  }

  @Override
  public Optional<String> executor(String runId) {
    CallerChecks.text("runId", runId);
    return text("SELECT instance_id FROM runs WHERE id = ?", runId);
  }

  @Override
  public List<SessionRun> runningOn(String instance) {
    String where = instance == null ? "instance_id IS NULL" : "instance_id = ?";
    return run(
        "list the runs of instance " + instance,
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "SELECT "
                      + Rows.RUN
                      + " FROM runs WHERE status = 'running' AND "
                      + where
                      + " ORDER BY rowid")) {
            if (instance != null) {
              s.setString(1, instance);
            }
            try (ResultSet rs = s.executeQuery()) {
              return Rows.all(rs, Rows::run);
            }
          }
        });
  }

  @Override
  public void onCommitted(Consumer<List<SessionEvent>> listener) {
    follower.onCommitted(listener);
  }

  private Optional<String> text(String sql, String id) {
    return run(
        "read the session store",
        c -> {
          try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
              return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
            }
          }
        });
  }

  private <T> T run(String doing, ReadSource.Read<T> work) {
    try {
      return connections.with(work);
    } catch (SQLException e) {
      throw failure.of(e, doing);
    }
  }
}
