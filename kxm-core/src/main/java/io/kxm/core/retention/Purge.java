package io.kxm.core.retention;

import java.time.Instant;
import java.util.List;

/**
 * One store's retention purge. {@code now} comes from the caller's clock, so a test moves time with
 * a settable clock instead of waiting. A real run deletes in short batches, one write transaction
 * each, so that a store's single writer is never held for long; a dry run counts the same rows and
 * changes nothing.
 */
@FunctionalInterface
public interface Purge {

  /** Rows deleted per write transaction by the stores that batch their purges. */
  int BATCH = 500;

  /** Deletes (or, with {@code dryRun}, counts) what the retention windows no longer cover. */
  List<PurgeResult> purge(Instant now, boolean dryRun);
}
