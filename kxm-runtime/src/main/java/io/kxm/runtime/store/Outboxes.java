package io.kxm.runtime.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.OutboxRow;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The event store's {@code outbox} table: one row per event, settled by the sync pusher. Rows are
 * named as rows of {@code projectKey}.
 */
final class Outboxes implements Outbox {
  private final RunEventStore store;
  private final String projectKey;

  Outboxes(RunEventStore store, String projectKey) {
    this.store = store;
    this.projectKey = projectKey;
  }

  @Override
  public List<OutboxRow> pending(int limit) {
    Outbox.checkedPage(limit);
    return store.read(
        "read pending outbox rows",
        c -> {
          List<OutboxRow> out = new ArrayList<>();
          try (PreparedStatement s =
              c.prepareStatement(
                  "SELECT row_id, run_id, seq, type, at, data FROM outbox"
                      + " WHERE state = 'pending' ORDER BY row_id LIMIT ?")) {
            s.setInt(1, limit);
            try (ResultSet rs = s.executeQuery()) {
              while (rs.next()) {
                out.add(
                    new OutboxRow(
                        rs.getLong(1),
                        projectKey,
                        rs.getString(2),
                        rs.getLong(3),
                        rs.getString(4),
                        Instant.parse(rs.getString(5)),
                        Json.read(rs.getString(6))));
              }
            }
          }
          return out;
        });
  }

  @Override
  public void acknowledge(long rowId) {
    settle(rowId, "acknowledged", null, null);
  }

  @Override
  public void park(long rowId, String code, String message) {
    if (code == null || code.isBlank()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "a parked outbox row needs a code");
    }
    settle(rowId, "parked", code, message);
  }

  @Override
  public int unpark() {
    return store.write(
        "offer parked outbox rows again",
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "UPDATE outbox SET state = 'pending', code = NULL, message = NULL"
                      + " WHERE state = 'parked'")) {
            return s.executeUpdate();
          }
        });
  }

  @Override
  public OutboxCounts counts() {
    return store.read(
        "count outbox rows",
        c -> {
          long[] n = new long[3];
          try (PreparedStatement s =
                  c.prepareStatement("SELECT state, count(*) FROM outbox GROUP BY state");
              ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
              switch (rs.getString(1)) {
                case "pending" -> n[0] = rs.getLong(2);
                case "acknowledged" -> n[1] = rs.getLong(2);
                default -> n[2] = rs.getLong(2);
              }
            }
          }
          return new OutboxCounts(n[0], n[1], n[2]);
        });
  }

  /** Only a pending row settles; settling an unknown or already settled row is refused. */
  private void settle(long rowId, String state, String code, String message) {
    int changed =
        store.write(
            "settle outbox row " + rowId,
            c -> {
              try (PreparedStatement s =
                  c.prepareStatement(
                      "UPDATE outbox SET state = ?, code = ?, message = ?"
                          + " WHERE row_id = ? AND state = 'pending'")) {
                s.setString(1, state);
                s.setString(2, code);
                s.setString(3, message);
                s.setLong(4, rowId);
                return s.executeUpdate();
              }
            });
    if (changed == 0) {
      throw new KxmException(
          ErrorCode.NOT_FOUND, "no pending outbox row " + rowId + " to mark " + state);
    }
  }
}
