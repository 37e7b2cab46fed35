package io.kxm.store.ops;

import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

/**
 * The hub's operations log: one sequence across every project, bounded by age. An entry is appended
 * in the transaction of the change it reports, so it is durable before anyone hears of it. Numbers
 * start at 1, grow by one, and are never reused, even after the retention sweep.
 */
public interface OpsEventStore {

  /**
   * Appends an entry with the next number, in the caller's transaction.
   *
   * @param dataJson the metadata, a JSON object kept exactly as given
   */
  OpsEvent append(String project, String kind, String dataJson);

  /**
   * Up to {@code limit} entries numbered above {@code afterSeq}, in order; of one project only when
   * {@code project} is not null.
   */
  List<OpsEvent> readAfter(long afterSeq, String project, int limit);

  /**
   * The newest {@code limit} entries whose kind starts with {@code kindPrefix} (for example {@code
   * message.}), newest first; of one project only when {@code project} is not null.
   */
  List<OpsEvent> latest(String project, String kindPrefix, int limit);

  /** The lowest number still stored, or empty when none is. */
  OptionalLong oldestRetainedSeq();

  /** The last number handed out, or 0 before the first entry. */
  long lastSeq();

  /** Deletes entries appended before {@code cutoff}; returns how many. Numbering is unaffected. */
  int trimOlderThan(Instant cutoff);
}
