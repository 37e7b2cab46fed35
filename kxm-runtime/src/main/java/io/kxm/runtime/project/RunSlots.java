package io.kxm.runtime.project;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.id.RunKind;
import io.kxm.runtime.api.ConfigPin;
import io.kxm.runtime.api.ProjectBundle;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.drive.CompiledPlan;
import io.kxm.runtime.drive.DriveContext;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.store.Batch;
import io.kxm.runtime.store.RunEventLog;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates runs and keeps {@code limits.maxConcurrentRuns}: counting the runs that hold a slot and
 * recording a new one happen under one lock, so concurrent creates never overshoot the limit.
 */
final class RunSlots {
  static final int MAX_PROMPT_CHARS = 256 * 1024;

  private final ProjectConfig config;
  private final RunEventLog store;
  private final DriveContext ctx;

  RunSlots(ProjectConfig config, RunEventLog store, DriveContext ctx) {
    this.config = config;
    this.store = store;
    this.ctx = ctx;
  }

  RunSummary create(String workflowId, String prompt, boolean allowDirty) {
    if (workflowId == null || workflowId.isBlank() || workflowId.length() > 128) {
      throw new KxmException(
          ErrorCode.RUN_WORKFLOW_NOT_FOUND, "name a workflow id of 1 to 128 characters");
    }
    String text = prompt == null ? "" : prompt;
    if (TextLength.exceeds(text, MAX_PROMPT_CHARS) || text.indexOf('\0') >= 0) {
      throw new KxmException(
          ErrorCode.RUN_PROMPT_INVALID,
          "a run prompt is at most "
              + MAX_PROMPT_CHARS
              + " characters of text without NUL; got "
              + TextLength.of(text));
    }
    ConfigPin pin = config.pin(allowDirty);
    ProjectBundle bundle = config.bundle(pin);
    ProjectBundle.Workflow workflow =
        bundle
            .workflow(workflowId)
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.RUN_WORKFLOW_NOT_FOUND,
                    "no workflow '"
                        + workflowId
                        + "' in "
                        + bundle.projectRoot()
                        + "/.kxm/workflows/; known: "
                        + bundle.workflows().keySet().stream().sorted().toList()));
    CompiledPlan.compile(bundle, workflow);
    Revisions revisions = config.revisions(pin);
    synchronized (this) {
      String runId = RunKind.RUNTIME.next(ctx.clock());
      String promptSha256 = ctx.prompts().put(runId, text);
      long holding = unfinishedStates().stream().filter(s -> s.status().holdsSlot()).count();
      int limit = Math.max(1, bundle.maxConcurrentRuns());
      List<RunEvent> events = new ArrayList<>();
      events.add(new RunEvent.RunCreated(workflowId, promptSha256, revisions, pin));
      if (holding >= limit) {
        events.add(new RunEvent.RunMoved(RunStatus.QUEUED, "max_concurrent_runs=" + limit));
      }
      RunState s = store.create(runId, ctx.clock().instant(), new Batch(events, List.of()));
      return RunViews.summary(s);
    }
  }

  /**
   * Starts queued runs, oldest first, while slots are free; each waits under the limit of the
   * configuration it pinned.
   */
  synchronized void promote() {
    List<RunState> all = unfinishedStates();
    long holding = all.stream().filter(s -> s.status().holdsSlot()).count();
    for (RunState s : all) {
      if (s.status() == RunStatus.QUEUED) {
        int limit;
        try {
          limit = Math.max(1, config.bundle(s.config()).maxConcurrentRuns());
        } catch (KxmException e) {
          continue; // an invalid tree starts nothing; the next call after a fix will
        }
        if (holding >= limit) {
          continue;
        }
        store.append(
            s.runId(),
            ctx.clock().instant(),
            st ->
                st.status() == RunStatus.QUEUED
                    ? Batch.of(new RunEvent.RunMoved(RunStatus.CREATED, "slot_freed"))
                    : Batch.none());
        holding++;
      }
    }
  }

  /**
   * The runs that may hold or wait for a slot, oldest first. Counting slots by loading every run
   * the project ever had made each new run slower than the last; an ended run can do neither, so
   * only the others are loaded (and checked against their logs, as every load is).
   */
  private List<RunState> unfinishedStates() {
    return store.unfinishedRunIds().stream().map(store::load).toList();
  }
}
