package io.kxm.hub.workflow;

import io.kxm.core.workflow.run.CoordinatorEvents;
import io.kxm.hub.stream.StreamWriter;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Workflow housekeeping on a timer: fails waiting runs whose deadline passed (telling the
 * coordinator), writes pending retrospectives, and on a slower beat purges finished runs and their
 * journal past the retention window, and expired signature digests.
 */
final class WorkflowSweeper implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WorkflowSweeper.class);
  private static final int BATCH = 100;

  private final StreamWriter writer;
  private final RunUpdates updates;
  private final RetrospectiveExporter retrospectives;
  private final Clock clock;
  private final WorkflowSettings settings;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("kxm-workflow-sweeper").factory());
  private long nextPurgeNanos = System.nanoTime();

  WorkflowSweeper(
      StreamWriter writer,
      RunUpdates updates,
      RetrospectiveExporter retrospectives,
      Clock clock,
      WorkflowSettings settings) {
    this.writer = writer;
    this.updates = updates;
    this.retrospectives = retrospectives;
    this.clock = clock;
    this.settings = settings;
  }

  void start() {
    long period = settings.sweepInterval().toMillis();
    timer.scheduleWithFixedDelay(this::sweep, period, period, TimeUnit.MILLISECONDS);
  }

  private void sweep() {
    try {
      failPassedDeadlines();
      retrospectives.flush();
      if (System.nanoTime() - nextPurgeNanos >= 0) {
        purge();
        nextPurgeNanos = System.nanoTime() + settings.purgeInterval().toNanos();
      }
    } catch (RuntimeException e) {
      // A store hiccup must not end the timer; the next round tries again.
      LOG.warn("workflow housekeeping failed: {}", e.toString());
    }
  }

  /** Fails every waiting run whose deadline is not after now; returns how many were due. */
  int failPassedDeadlines() {
    List<String> due = writer.store().workflowRuns().dueDeadlines(clock.instant(), BATCH);
    for (String runId : due) {
      writer.write((tx, events) ->
          updates.apply(
              tx, events, runId, (run, now) -> CoordinatorEvents.deadline(run.run(), now)));
    }
    return due.size();
  }

  /**
   * Deletes finished runs and their journal older than the retention window, and the signature
   * digests that could no longer be replayed.
   */
  int purge() {
    Instant now = clock.instant();
    writer.store().signatureDigests().purgeExpired(now);
    return writer.store().workflowRuns().purgeFinishedBefore(now.minus(settings.retention()));
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
