package io.kxm.runtime.retention;

import io.kxm.core.retention.Purge;
import io.kxm.core.retention.PurgeResult;
import io.kxm.runtime.prompt.PromptSidecar;
import io.kxm.runtime.store.RunEventLog;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * The purge of one project's run event store: finished runs past {@link RuntimeRetention#runs()} go
 * whole, a batch per write transaction, and their prompts leave the sidecar beside the store. Runs
 * still running, and runs with sync rows the hub has not acknowledged, stay.
 */
public final class RunEventsPurge implements Purge {
  private final String store;
  private final RunEventLog log;
  private final PromptSidecar prompts;
  private final Duration retention;
  private final Consumer<String> beforeDelete;

  /**
   * @param store how reports name the store ({@code run-events <project key>})
   * @param prompts the sidecar beside the store, or null when the caller keeps none
   * @param beforeDelete told each run id just before its rows go; it must not throw
   */
  public RunEventsPurge(
      String store,
      RunEventLog log,
      PromptSidecar prompts,
      Duration retention,
      Consumer<String> beforeDelete) {
    this.store = store;
    this.log = log;
    this.prompts = prompts;
    this.retention = retention;
    this.beforeDelete = beforeDelete;
  }

  @Override
  public List<PurgeResult> purge(Instant now, boolean dryRun) {
    Instant cutoff = now.minus(retention);
    long removed = 0;
    if (dryRun) {
      removed = log.finishedBefore(cutoff, Integer.MAX_VALUE).size();
    } else {
      List<String> batch;
      do {
        log.finishedBefore(cutoff, BATCH).forEach(beforeDelete);
        batch = log.purgeFinishedBefore(cutoff, BATCH);
        if (prompts != null && !batch.isEmpty()) {
          prompts.forget(batch);
        }
        removed += batch.size();
      } while (batch.size() == BATCH);
    }
    return List.of(new PurgeResult(store, "finished runs", removed, "ended before " + cutoff));
  }
}
