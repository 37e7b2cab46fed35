package io.kxm.store.stream;

import io.kxm.core.check.Require;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.stream.StreamEvent;
import io.kxm.store.jdbc.CountedAppend;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.Row;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import tools.jackson.core.JacksonException;

/**
 * {@link AgentEventStore} in SQL. The next number comes from a per-agent counter row bumped in the
 * appending transaction: the row lock orders concurrent appends, and a rollback takes its number
 * back, so the stream has no gaps (a database sequence would leave them).
 *
 * <p>The lock is what keeps the resume contract on PostgreSQL: it is held until commit, so an
 * append that takes number n+1 waits until the transaction holding n has committed or rolled back.
 * Numbers therefore become visible in order, and a reader that has seen n+1 can never later find an
 * n it missed. The lock is also the one point where appends to the same stream wait for each other,
 * so it is taken as late as possible: appending is the last step of a writing transaction, and on
 * PostgreSQL the counter bump and the event row are one statement, leaving only the commit under
 * the lock.
 */
public final class SqlAgentEventStore implements AgentEventStore {
  /** Large enough for a full request body and its envelope, small enough to bound a frame. */
  public static final int MAX_DATA_CHARS = 256 * 1024;

  private static final String NEXT_SEQ =
      "INSERT INTO agent_event_seqs (agent_id, last_seq) VALUES (?, 1) ON CONFLICT (agent_id)"
          + " DO UPDATE SET last_seq = agent_event_seqs.last_seq + 1 RETURNING last_seq";

  private static final CountedAppend APPEND =
      new CountedAppend(NEXT_SEQ, "agent_events", List.of("agent_id", "type", "ts", "data"));

  private final Jdbc jdbc;
  private final Clock clock;

  public SqlAgentEventStore(Jdbc jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  @Override
  public StreamEvent append(String agentId, String type, String dataJson) {
    StreamEvent.requireType(type);
    Require.text(dataJson, "event data", MAX_DATA_CHARS);
    requireJson(dataJson, type);
    Jdbc on = jdbc.about("append " + type + " event for agent " + agentId);
    Instant ts = Instant.ofEpochMilli(clock.millis());
    long seq = APPEND.append(on, List.of(agentId), agentId, type, ts, dataJson);
    return StreamEvent.forAgent(seq, type, ts, agentId, dataJson);
  }

  @Override
  public List<StreamEvent> readAfter(String agentId, long afterSeq, int limit) {
    Require.atLeast(limit, 1, "limit");
    return jdbc.about("read events of agent " + agentId + " after " + afterSeq)
        .list(
            "SELECT agent_id, seq, type, ts, data FROM agent_events"
                + " WHERE agent_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            SqlAgentEventStore::map,
            agentId,
            afterSeq,
            limit);
  }

  @Override
  public OptionalLong oldestRetainedSeq(String agentId) {
    Optional<Long> oldest =
        jdbc.about("read the oldest event of agent " + agentId)
            .first(
                "SELECT seq FROM agent_events WHERE agent_id = ? ORDER BY seq LIMIT 1",
                row -> row.longValue("seq"),
                agentId);
    return oldest.map(OptionalLong::of).orElse(OptionalLong.empty());
  }

  @Override
  public long lastSeq(String agentId) {
    return jdbc.about("read the last event number of agent " + agentId)
        .first(
            "SELECT last_seq FROM agent_event_seqs WHERE agent_id = ?",
            row -> row.longValue("last_seq"),
            agentId)
        .orElse(0L);
  }

  @Override
  public int trimBefore(String agentId, long seq) {
    return jdbc.about("trim events of agent " + agentId + " below " + seq)
        .update("DELETE FROM agent_events WHERE agent_id = ? AND seq < ?", agentId, seq);
  }

  @Override
  public int trimOlderThan(Instant cutoff) {
    return jdbc.about("trim events older than " + cutoff)
        .update("DELETE FROM agent_events WHERE ts < ?", cutoff);
  }

  private static void requireJson(String text, String type) {
    try {
      Json.read(text);
    } catch (JacksonException e) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "data of " + type + " is not JSON");
    }
  }

  private static StreamEvent map(Row row) throws SQLException {
    return StreamEvent.forAgent(
        row.longValue("seq"),
        row.string("type"),
        row.instant("ts"),
        row.string("agent_id"),
        row.string("data"));
  }
}
