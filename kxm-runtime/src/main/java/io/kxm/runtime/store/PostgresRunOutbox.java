package io.kxm.runtime.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.OutboxRow;
import java.time.Instant;
import java.util.List;

/**
 * The sync rows of one project's runs in PostgreSQL, named as rows of {@code key}. Row ids come
 * from one identity shared by every project, so a page is in id order, which is each run's sequence
 * order (appends to a run take turns) but may place two runs' rows differently from their commit
 * order.
 */
final class PostgresRunOutbox implements Outbox {
  private final PostgresRunEventLog log;
  private final String key;

  PostgresRunOutbox(PostgresRunEventLog log, String key) {
    this.log = log;
    this.key = key;
  }

  @Override
  public List<OutboxRow> pending(int limit) {
    Outbox.checkedPage(limit);
    return log.read(
        "read pending outbox rows",
        jdbc ->
            jdbc.list(
                "SELECT row_id, run_id, seq, type, at, data FROM outbox"
                    + " WHERE project_key = ? AND state = 'pending' ORDER BY row_id LIMIT ?",
                row ->
                    new OutboxRow(
                        row.longValue("row_id"),
                        key,
                        row.stringAt(2),
                        row.longValue("seq"),
                        row.stringAt(4),
                        Instant.parse(row.stringAt(5)),
                        Json.read(row.stringAt(6))),
                log.projectKey(),
                limit));
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
    return log.write(
        "offer parked outbox rows again",
        jdbc ->
            jdbc.update(
                "UPDATE outbox SET state = 'pending', code = NULL, message = NULL"
                    + " WHERE project_key = ? AND state = 'parked'",
                log.projectKey()));
  }

  @Override
  public OutboxCounts counts() {
    long[] n = new long[3];
    for (String[] r :
        log.read(
            "count outbox rows",
            jdbc ->
                jdbc.list(
                    "SELECT state, count(*) FROM outbox WHERE project_key = ? GROUP BY state",
                    row -> new String[] {row.stringAt(1), row.stringAt(2)},
                    log.projectKey()))) {
      long count = Long.parseLong(r[1]);
      switch (r[0]) {
        case "pending" -> n[0] = count;
        case "acknowledged" -> n[1] = count;
        default -> n[2] = count;
      }
    }
    return new OutboxCounts(n[0], n[1], n[2]);
  }

  /** Only a pending row of this project settles; any other is refused. */
  private void settle(long rowId, String state, String code, String message) {
    int changed =
        log.write(
            "settle outbox row " + rowId,
            jdbc ->
                jdbc.update(
                    "UPDATE outbox SET state = ?, code = ?, message = ?"
                        + " WHERE row_id = ? AND project_key = ? AND state = 'pending'",
                    state,
                    code,
                    message,
                    rowId,
                    log.projectKey()));
    if (changed == 0) {
      throw new KxmException(
          ErrorCode.NOT_FOUND, "no pending outbox row " + rowId + " to mark " + state);
    }
  }
}
