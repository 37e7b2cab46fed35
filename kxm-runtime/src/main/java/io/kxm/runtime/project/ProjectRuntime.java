package io.kxm.runtime.project;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.id.Ids;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.retention.Purge;
import io.kxm.core.secret.SecureFiles;
import io.kxm.runtime.api.AgentProducer;
import io.kxm.runtime.api.DriveResult;
import io.kxm.runtime.api.GateExecutor;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.OutboxRow;
import io.kxm.runtime.api.ProjectRuns;
import io.kxm.runtime.api.Receipt;
import io.kxm.runtime.api.RecoveryAction;
import io.kxm.runtime.api.Resolution;
import io.kxm.runtime.api.RunDetail;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.api.SpendTotal;
import io.kxm.runtime.api.Verification;
import io.kxm.runtime.drive.CompiledPlan;
import io.kxm.runtime.drive.Drive;
import io.kxm.runtime.drive.DriveContext;
import io.kxm.runtime.drive.Ending;
import io.kxm.runtime.drive.Reconciler;
import io.kxm.runtime.drive.Recovery;
import io.kxm.runtime.drive.RunWorktrees;
import io.kxm.runtime.drive.Settlements;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.runtime.prompt.PromptSidecar;
import io.kxm.runtime.receipt.ReceiptKeys;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.retention.RunEventsPurge;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.store.Batch;
import io.kxm.runtime.store.RunEventLog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One project's runs: the {@link ProjectRuns} the supervisor and CLI call, and the {@link Outbox}
 * the hub sync reads. Safe to call from many threads; at most one drive per run at a time.
 *
 * <p>Longer than most files because it is the one place that implements both ports and owns the
 * drive locks every operation takes; what a drive does lives in {@code drive}, how runs are kept in
 * {@code store}, and creating and queueing in {@link RunSlots}.
 */
public final class ProjectRuntime implements ProjectRuns, Outbox, AutoCloseable {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(ProjectRuntime.class);

  static final int MAX_TEXT = 64 * 1024;

  private final String key;
  private final ProjectConfig config;
  private final RunEventLog store;
  private final Outbox outbox;
  private final Path eventStoreFile;
  private final PromptSidecar prompts;
  private final Receipts receipts;
  private final DriveContext ctx;
  private final AgentProducer live;
  private final AgentProducer simulated;
  private final ConcurrentHashMap<String, ActiveDrive> active = new ConcurrentHashMap<>();
  private final RunSlots slots;

  private ProjectRuntime(
      String key,
      Path eventStoreFile,
      ProjectConfig config,
      RunEventLog store,
      Receipts receipts,
      DriveContext ctx,
      AgentProducer live,
      AgentProducer simulated) {
    this.key = key;
    this.config = config;
    this.store = store;
    this.outbox = store.outbox(key);
    this.eventStoreFile = eventStoreFile;
    this.prompts = ctx.prompts();
    this.receipts = receipts;
    this.ctx = ctx;
    this.live = live;
    this.simulated = simulated;
    this.slots = new RunSlots(config, store, ctx);
  }

  /**
   * Opens the runtime of the project at {@code projectRoot}, reading its {@code .kxm/} tree with
   * {@link TreeConfig} on every create and drive: the committed tree a run pinned, or the working
   * tree for a run created with {@code allowDirty}.
   */
  public static ProjectRuntime open(
      StatePaths state,
      Path projectRoot,
      Clock clock,
      AgentProducer live,
      AgentProducer simulated,
      GateExecutor gates) {
    return open(state, projectRoot, clock, live, simulated, gates, new TreeConfig(projectRoot));
  }

  /**
   * Opens (creating when new) the event store of the project at {@code projectRoot}, in its SQLite
   * file.
   *
   * @param live answers agent steps of live drives; null when this runtime has none, in which case
   *     a live drive of a workflow with agent steps is refused with {@code run_handoff_required}
   * @param simulated the model-free producer for {@code drive(runId, true)}
   */
  public static ProjectRuntime open(
      StatePaths state,
      Path projectRoot,
      Clock clock,
      AgentProducer live,
      AgentProducer simulated,
      GateExecutor gates,
      ProjectConfig config) {
    return open(
        state, RunEventLogs.sqlite(state), projectRoot, clock, live, simulated, gates, config);
  }

  /**
   * As the other {@code open}s, with the project's run event log where {@code logs} keeps them (a
   * SQLite file, or the runtime's PostgreSQL schema); {@code logs} stays open, its owner closes it.
   */
  public static ProjectRuntime open(
      StatePaths state,
      RunEventLogs logs,
      Path projectRoot,
      Clock clock,
      AgentProducer live,
      AgentProducer simulated,
      GateExecutor gates,
      ProjectConfig config) {
    Path root = ProjectKeys.canonical(projectRoot);
    String key = ProjectKeys.key(root);
    Path db = ProjectKeys.eventStore(state, key);
    if (logs.onPostgres()) {
      // the prompts, worktrees and process records of runs stay in the project's folder
      createFolder(db.getParent());
    }
    Receipts receipts = new Receipts(ReceiptKeys.loadOrCreate(ProjectKeys.receiptKey(state)));
    RunEventLog store = logs.open(key, receipts);
    DriveContext ctx =
        new DriveContext(
            store,
            new PromptSidecar(db.getParent()),
            clock,
            root,
            db.getParent(),
            gates,
            DriveContext.MAX_ATTEMPTS,
            Duration.ofMinutes(10));
    return new ProjectRuntime(key, db, config, store, receipts, ctx, live, simulated);
  }

  private static void createFolder(Path folder) {
    try {
      SecureFiles.createPrivateDirectories(folder);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot create " + folder + ": " + e.getMessage(), e);
    }
  }

  /**
   * The project's runtime for housekeeping only, as {@code kxm gc} opens it beside a running
   * supervisor: it never drives a run, so it has no live producer and no gate executor.
   */
  public static ProjectRuntime forHousekeeping(StatePaths state, Path projectRoot, Clock clock) {
    return forHousekeeping(state, RunEventLogs.sqlite(state), projectRoot, clock);
  }

  /** As {@link #forHousekeeping(StatePaths, Path, Clock)}, with the log where {@code logs} says. */
  public static ProjectRuntime forHousekeeping(
      StatePaths state, RunEventLogs logs, Path projectRoot, Clock clock) {
    return open(
        state,
        logs,
        projectRoot,
        clock,
        null,
        new SimulatedProducer(),
        null,
        new TreeConfig(projectRoot));
  }

  public String projectKey() {
    return key;
  }

  /** Where the project's SQLite log is or would be; a runtime on PostgreSQL creates no file. */
  public Path eventStoreFile() {
    return eventStoreFile;
  }

  @Override
  public RunSummary create(String workflowId, String prompt, boolean allowDirty) {
    return slots.create(workflowId, prompt, allowDirty);
  }

  @Override
  public DriveResult drive(String runId, boolean simulatedDrive) {
    ActiveDrive handle = claim(runId);
    try {
      RunState s = store.load(runId);
      DriveChecks.refuseUndrivable(s);
      DriveChecks.refuseDrift(config, s);
      CompiledPlan toPin =
          store.plan(runId).isPresent()
              ? null
              : DriveChecks.compileCurrent(config.bundle(s.config()), s);
      CompiledPlan plan = toPin != null ? toPin : CompiledPlan.read(store.plan(runId).get());
      AgentProducer producer = simulatedDrive ? simulated : live;
      boolean needsProducer =
          plan.steps().stream().anyMatch(p -> p.type().equals("agent") || p.type().equals("moa"));
      if (producer == null && needsProducer) {
        throw new KxmException(
            ErrorCode.RUN_HANDOFF_REQUIRED,
            "run "
                + runId
                + " has agent steps and no "
                + (simulatedDrive ? "simulated" : "live")
                + " producer is configured");
      }
      Ending ending;
      try {
        ending =
            new Drive(ctx, runId, toPin, producer, handle::cancelRequested, !simulatedDrive).run();
      } catch (RuntimeException e) {
        try {
          issue(runId, Ending.UNSETTLED);
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
        throw e;
      }
      Receipt receipt = issue(runId, ending);
      promoteQueued();
      return new DriveResult(detail(runId), ending.wire(), receipt);
    } finally {
      release(runId, handle);
    }
  }

  @Override
  public RunDetail status(String runId) {
    return detail(runId);
  }

  @Override
  public List<RunSummary> list() {
    return store.runIds().stream().map(this::listed).toList();
  }

  /** A run whose log or projection is refused is listed as damaged, naming the refusal. */
  private RunSummary listed(String runId) {
    try {
      return RunViews.summary(store.load(runId));
    } catch (KxmException e) {
      return RunSummary.damaged(runId, e);
    }
  }

  @Override
  public Optional<Receipt> receipt(String runId) {
    store.load(runId);
    return LastReceipt.of(store, runId);
  }

  @Override
  public Verification verify(String runId) {
    return Verifier.verify(store, receipts, runId);
  }

  @Override
  public RunDetail cancel(String runId) {
    RunState s = store.load(runId);
    if (s.status().terminal()) {
      throw terminal(s);
    }
    ActiveDrive running = active.get(runId);
    if (running != null) {
      running.requestCancel();
      store.append(
          runId,
          ctx.clock().instant(),
          st ->
              st.status().terminal()
                      || st.status() == RunStatus.CANCELLING
                      || st.status() == RunStatus.QUEUED
                  ? Batch.none()
                  : Batch.of(new RunEvent.RunMoved(RunStatus.CANCELLING, "cancel requested")));
      running.awaitFinished(60);
      return detail(runId);
    }
    ActiveDrive mine = new ActiveDrive();
    if (active.putIfAbsent(runId, mine) != null) {
      return cancel(runId); // a drive started in between; cancel that one
    }
    try {
      store.append(
          runId,
          ctx.clock().instant(),
          st ->
              st.status().terminal()
                  ? Batch.none()
                  : new Batch(Settlements.cancel(st, "cancelled by request"), List.of()));
      issue(runId, Ending.TERMINAL);
    } finally {
      release(runId, mine);
    }
    promoteQueued();
    return detail(runId);
  }

  @Override
  public RunDetail resolve(String runId, String interactionId, Resolution resolution) {
    if (resolution == null || resolution.by() == null || resolution.by().isBlank()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "a resolution names who answers ('by')");
    }
    requireLength("by", resolution.by(), 200);
    requireLength("answer", resolution.answer(), MAX_TEXT);
    store.append(
        runId,
        ctx.clock().instant(),
        st -> {
          if (st.status().terminal()) {
            throw terminal(st);
          }
          RunState.Interaction i = st.interactions().get(interactionId);
          if (i == null) {
            throw new KxmException(
                ErrorCode.INTERACTION_NOT_FOUND,
                "run " + runId + " has no interaction " + interactionId);
          }
          if (i.resolved()) {
            throw new KxmException(
                ErrorCode.INTERACTION_ALREADY_RESOLVED,
                "interaction " + interactionId + " of run " + runId + " was answered by " + i.by());
          }
          return Batch.of(
              new RunEvent.InteractionResolved(
                  interactionId, resolution.approved(), resolution.answer(), resolution.by()));
        });
    return detail(runId);
  }

  @Override
  public RunDetail recover(String runId, RecoveryAction action, String reason) {
    if (action == null) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "name a recovery action: retry, unblock, fail or cancel");
    }
    if (reason == null || reason.isBlank()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "a recovery needs a reason");
    }
    requireLength("reason", reason, 1000);
    ActiveDrive mine = claim(runId);
    try {
      endOrphans();
      RunState after = Recovery.recover(ctx, runId, action, reason);
      if (after.status().terminal()) {
        issue(runId, Ending.TERMINAL);
      }
    } finally {
      release(runId, mine);
    }
    promoteQueued();
    return detail(runId);
  }

  @Override
  public RunDetail clean(String runId) {
    ActiveDrive mine = claim(runId);
    try {
      RunState s = store.load(runId);
      if (!s.status().terminal()) {
        throw new KxmException(
            ErrorCode.RUN_NOT_FINISHED,
            "run " + runId + " is " + s.status().wire() + "; its worktree stays until it ends");
      }
      RunWorktrees.of(ctx, runId).remove("cleaned on request");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KxmException(
          ErrorCode.WORKTREE_FAILED, "interrupted while the worktree of run " + runId + " went");
    } finally {
      release(runId, mine);
    }
    return detail(runId);
  }

  @Override
  public Purge retention(Duration retention) {
    return new RunEventsPurge(
        "run-events " + key, store, ctx.prompts(), retention, this::discardWorktree);
  }

  /**
   * The worktree of a run about to be purged goes without a worktree.removed event: the event would
   * move the run's last change past the cutoff, and the run's rows go next anyway. A failure leaves
   * the folder for {@code git worktree prune} and never stops the purge.
   */
  private void discardWorktree(String runId) {
    try {
      RunWorktrees.of(ctx, runId).discard();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      LOG.warn("the worktree of purged run {} stays: {}", runId, e.toString());
    }
  }

  @Override
  public List<RunSummary> reconcile() {
    endOrphans();
    List<String> changed = Reconciler.reconcileAll(ctx, active::containsKey);
    promoteQueued();
    return changed.stream().map(id -> RunViews.summary(store.load(id))).toList();
  }

  /**
   * Ends the gate and harness trees a crashed supervisor left, before anything can run a gate or an
   * attempt again: a retried step must never run beside its first copy.
   */
  private void endOrphans() {
    try {
      ctx.gates().endOrphans();
      if (live != null) {
        live.endOrphans();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KxmException(
          ErrorCode.INTERNAL, "interrupted while ending the processes a crash left running");
    }
  }

  // Outbox

  @Override
  public List<OutboxRow> pending(int limit) {
    return outbox.pending(limit);
  }

  @Override
  public void acknowledge(long rowId) {
    outbox.acknowledge(rowId);
  }

  @Override
  public void park(long rowId, String code, String message) {
    outbox.park(rowId, code, message);
  }

  @Override
  public int unpark() {
    return outbox.unpark();
  }

  @Override
  public OutboxCounts counts() {
    return outbox.counts();
  }

  @Override
  public void close() {
    store.close();
  }

  private ActiveDrive claim(String runId) {
    store.load(runId);
    ActiveDrive handle = new ActiveDrive();
    if (active.putIfAbsent(runId, handle) != null) {
      throw new KxmException(
          ErrorCode.RUN_DRIVE_IN_PROGRESS, "run " + runId + " is being driven right now");
    }
    return handle;
  }

  private void release(String runId, ActiveDrive handle) {
    active.remove(runId, handle);
    handle.finished();
  }

  private Receipt issue(String runId, Ending ending) {
    RunState s = store.load(runId);
    Receipt unsigned =
        new Receipt(
            Ids.next("rcp", ctx.clock()),
            runId,
            ending.wire(),
            s.status().wire(),
            s.lastSequence(),
            s.lastHash(),
            ctx.clock().instant(),
            null,
            null,
            SpendTotal.of(s.spent()));
    Receipt signed = receipts.sign(unsigned);
    store.saveReceipt(signed);
    return signed;
  }

  private void promoteQueued() {
    slots.promote();
  }

  private RunDetail detail(String runId) {
    RunState s = store.load(runId);
    return RunViews.detail(s, LastReceipt.of(store, runId).orElse(null), ctx.runFiles());
  }

  static KxmException terminal(RunState s) {
    return new KxmException(
        ErrorCode.RUN_TERMINAL, "run " + s.runId() + " is already " + s.status().wire());
  }

  private static void requireLength(String field, String value, int max) {
    TextLength.check(field, value, max);
  }
}
