package io.kxm.store.messaging;

import static io.kxm.store.messaging.MessageRows.COLUMNS;

import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.messaging.MessageTransitions;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.core.messaging.TransitionOutcome;
import io.kxm.store.jdbc.Jdbc;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Turns {@link MessageTransitions} into one conditional {@code UPDATE} per change: the row changes
 * only while its status is one the table allows as a source, so two racing callers cannot both win.
 * A request past its TTL is expired on the spot instead of answered.
 */
final class MessageTransitionSql {
  private final Jdbc jdbc;

  MessageTransitionSql(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  TransitionOutcome apply(String id, MessageStatus target, String reply, Instant now) {
    Optional<StoredMessage> applied = update(id, target, reply, now);
    if (applied.isPresent()) {
      return new TransitionOutcome.Applied(applied.get());
    }
    Optional<StoredMessage> current =
        jdbc.about("read message " + id)
            .first("SELECT " + COLUMNS + " FROM messages WHERE id = ?", MessageRows::map, id);
    if (current.isEmpty()) {
      return new TransitionOutcome.NotFound(id);
    }
    if (current.get().dueAt(now) && target != MessageStatus.EXPIRED) {
      StoredMessage expired = update(id, MessageStatus.EXPIRED, null, now).orElse(current.get());
      return new TransitionOutcome.Refused(expired, target);
    }
    return new TransitionOutcome.Refused(current.get(), target);
  }

  private Optional<StoredMessage> update(
      String id, MessageStatus target, String reply, Instant now) {
    List<Object> params = new ArrayList<>(List.of(target.wire()));
    String set =
        switch (target) {
          case DELIVERED -> {
            params.add(now);
            yield "delivered_at = ?";
          }
          case REPLIED -> {
            params.addAll(List.of(now, now, reply));
            yield "replied_at = ?, terminal_at = ?, reply = ?";
          }
          case CANCELLED, EXPIRED -> {
            params.add(now);
            yield "terminal_at = ?";
          }
          case QUEUED -> throw new IllegalArgumentException("no message moves back to queued");
        };
    Set<MessageStatus> sources = MessageTransitions.sourcesOf(target);
    params.add(id);
    sources.forEach(source -> params.add(source.wire()));
    String sql =
        "UPDATE messages SET status = ?, "
            + set
            + " WHERE id = ? AND status IN ("
            + String.join(", ", Collections.nCopies(sources.size(), "?"))
            + ")"
            + (target == MessageStatus.EXPIRED ? "" : " AND expires_at > ?")
            + " RETURNING "
            + COLUMNS;
    if (target != MessageStatus.EXPIRED) {
      params.add(now);
    }
    return jdbc.about("set message " + id + " " + target.wire())
        .first(sql, MessageRows::map, params.toArray());
  }
}
