package io.kxm.store.messaging;

import static io.kxm.store.messaging.MessageRows.COLUMNS;

import io.kxm.core.check.Require;
import io.kxm.core.id.Ids;
import io.kxm.core.messaging.MessageInsert;
import io.kxm.core.messaging.MessageLimits;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.messaging.NewMessage;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.core.messaging.TransitionOutcome;
import io.kxm.store.Dialect;
import io.kxm.store.jdbc.Jdbc;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** {@link MessageStore} in SQL; the two dialects differ only in how due messages are claimed. */
public final class SqlMessageStore implements MessageStore {
  private static final String OPEN = "status IN ('queued', 'delivered')";

  private final Jdbc jdbc;
  private final Clock clock;
  private final MessageTransitionSql transitions;

  public SqlMessageStore(Jdbc jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
    this.transitions = new MessageTransitionSql(jdbc);
  }

  @Override
  public MessageInsert insert(NewMessage m) {
    Instant now = now();
    String id = Ids.next("msg", clock);
    String sql =
        "INSERT INTO messages (id, project, from_agent_id, to_agent_id, content, delivery,"
            + " status, created_at, expires_at, correlation_id, idempotency_key, request_hash,"
            + " hop_count, workflow_context) VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, "
            + jdbc.jsonParam()
            + ") ON CONFLICT (project, from_agent_id, idempotency_key) DO NOTHING RETURNING "
            + COLUMNS;
    Optional<StoredMessage> inserted =
        jdbc.about("store message from agent " + m.fromAgentId() + " to " + m.toAgentId())
            .first(
                sql,
                MessageRows::map,
                id,
                m.project(),
                m.fromAgentId(),
                m.toAgentId(),
                m.content(),
                m.delivery().wire(),
                now,
                now.plus(m.ttl()),
                m.correlationId(),
                m.idempotencyKey(),
                m.requestHash(),
                m.hopCount(),
                m.workflowContext());
    if (inserted.isPresent()) {
      return new MessageInsert.Inserted(inserted.get());
    }
    // Only the idempotency key can conflict; the earlier message is committed or ours to see.
    return new MessageInsert.DuplicateKey(
        findByIdempotencyKey(m.project(), m.fromAgentId(), m.idempotencyKey()).orElseThrow());
  }

  @Override
  public Optional<StoredMessage> findById(String messageId) {
    return jdbc.about("read message " + messageId)
        .first("SELECT " + COLUMNS + " FROM messages WHERE id = ?", MessageRows::map, messageId);
  }

  @Override
  public Optional<StoredMessage> findByIdempotencyKey(
      String project, String fromAgentId, String key) {
    return jdbc.about("find message of agent " + fromAgentId + " by idempotency key")
        .first(
            "SELECT "
                + COLUMNS
                + " FROM messages"
                + " WHERE project = ? AND from_agent_id = ? AND idempotency_key = ?",
            MessageRows::map,
            project,
            fromAgentId,
            key);
  }

  @Override
  public List<StoredMessage> openForRecipient(String agentId) {
    return forRecipient(agentId, OPEN);
  }

  @Override
  public List<StoredMessage> queuedForRecipient(String agentId) {
    return forRecipient(agentId, "status = 'queued'");
  }

  @Override
  public TransitionOutcome markDelivered(String messageId) {
    return transitions.apply(messageId, MessageStatus.DELIVERED, null, now());
  }

  @Override
  public TransitionOutcome reply(String messageId, String reply) {
    Require.text(reply, "reply", MessageLimits.REPLY_CHARS);
    return transitions.apply(messageId, MessageStatus.REPLIED, reply, now());
  }

  @Override
  public TransitionOutcome cancel(String messageId) {
    return transitions.apply(messageId, MessageStatus.CANCELLED, null, now());
  }

  @Override
  public TransitionOutcome expire(String messageId) {
    return transitions.apply(messageId, MessageStatus.EXPIRED, null, now());
  }

  @Override
  public List<StoredMessage> expireDue(int limit) {
    Instant now = now();
    // PostgreSQL: hub nodes sweeping at once split the due rows instead of queueing on locks.
    String lock = jdbc.dialect() == Dialect.POSTGRES ? " FOR UPDATE SKIP LOCKED" : "";
    String sql =
        "UPDATE messages SET status = 'expired', terminal_at = ? WHERE id IN (SELECT id FROM"
            + " messages WHERE "
            + OPEN
            + " AND expires_at <= ? ORDER BY expires_at LIMIT ?"
            + lock
            + ") AND "
            + OPEN
            + " RETURNING "
            + COLUMNS;
    List<StoredMessage> expired =
        new ArrayList<>(
            jdbc.about("expire due messages").list(sql, MessageRows::map, now, now, limit));
    expired.sort(Comparator.comparing(StoredMessage::expiresAt).thenComparing(StoredMessage::id));
    return expired;
  }

  @Override
  public int purgeTerminalBefore(Instant cutoff) {
    return jdbc.about("purge messages ended before " + cutoff)
        .update("DELETE FROM messages WHERE terminal_at < ?", cutoff);
  }

  private List<StoredMessage> forRecipient(String agentId, String condition) {
    Instant now = now();
    // The expiry is checked here, not in the query: given a range on expires_at, a planner without
    // statistics (a young table, autovacuum off) read every open request of the store through
    // messages_open_by_expiry and filtered it by recipient, on every send. Requests past their
    // expiry that the sweeper has not ended yet are few.
    return jdbc
        .about("list messages to agent " + agentId)
        .list(forRecipientSql(condition), MessageRows::map, agentId)
        .stream()
        .filter(message -> message.expiresAt().isAfter(now))
        .toList();
  }

  /** The query of {@link #openForRecipient}, for the test that checks how it is planned. */
  static String openForRecipientSql() {
    return forRecipientSql(OPEN);
  }

  private static String forRecipientSql(String condition) {
    return "SELECT "
        + COLUMNS
        + " FROM messages WHERE to_agent_id = ? AND "
        + condition
        + " ORDER BY created_at, id";
  }

  private Instant now() {
    return Instant.ofEpochMilli(clock.millis());
  }
}
