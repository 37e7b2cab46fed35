package io.kxm.store.messaging;

import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.store.jdbc.Row;
import java.sql.SQLException;

/** The column list of {@code messages} and the row mapping, shared by every query. */
final class MessageRows {
  static final String COLUMNS =
      "id, project, from_agent_id, to_agent_id, content, delivery, status, created_at,"
          + " expires_at, delivered_at, replied_at, terminal_at, reply, correlation_id,"
          + " idempotency_key, request_hash, hop_count, workflow_context";

  private MessageRows() {}

  static StoredMessage map(Row row) throws SQLException {
    return new StoredMessage(
        row.string("id"),
        row.string("project"),
        row.string("from_agent_id"),
        row.string("to_agent_id"),
        row.string("content"),
        Delivery.fromWire(row.string("delivery")),
        MessageStatus.fromWire(row.string("status")),
        row.instant("created_at"),
        row.instant("expires_at"),
        row.nullableInstant("delivered_at"),
        row.nullableInstant("replied_at"),
        row.nullableInstant("terminal_at"),
        row.string("reply"),
        row.string("correlation_id"),
        row.string("idempotency_key"),
        row.string("request_hash"),
        row.intValue("hop_count"),
        row.string("workflow_context"));
  }
}
