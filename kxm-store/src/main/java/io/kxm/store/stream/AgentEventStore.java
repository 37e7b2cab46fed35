package io.kxm.store.stream;

import io.kxm.core.stream.StreamEvent;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

/**
 * Each agent's append-only event stream. Sequence numbers start at 1 and grow by one per agent,
 * with no gaps and no reuse, even after trimming: a client resumes after the last number it saw.
 */
public interface AgentEventStore {

  /**
   * Appends an event with the agent's next sequence number, in the caller's transaction: when that
   * transaction rolls back, the number is not used.
   *
   * @param dataJson the event body, a JSON value kept exactly as given
   */
  StreamEvent append(String agentId, String type, String dataJson);

  /** Up to {@code limit} events with a sequence number above {@code afterSeq}, in order. */
  List<StreamEvent> readAfter(String agentId, long afterSeq, int limit);

  /** The lowest sequence number still stored, or empty when none is. */
  OptionalLong oldestRetainedSeq(String agentId);

  /** The last sequence number handed out, or 0 before the first event. */
  long lastSeq(String agentId);

  /** Deletes the agent's events numbered below {@code seq}; returns how many. */
  int trimBefore(String agentId, long seq);

  /**
   * Deletes every agent's events appended before {@code cutoff}, for the retention window; returns
   * how many. Numbering is unaffected, so a client resuming from a trimmed number learns it from
   * {@link #oldestRetainedSeq} and {@link #lastSeq}.
   */
  int trimOlderThan(Instant cutoff);
}
