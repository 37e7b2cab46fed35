package io.kxm.hub.retention;

import io.kxm.core.lease.LeaseLimits;
import io.kxm.core.reserve.ReservationLimits;
import io.kxm.core.retention.Purge;
import io.kxm.core.retention.PurgeResult;
import io.kxm.hub.context.ContextSettings;
import io.kxm.hub.messaging.MessagingSettings;
import io.kxm.hub.ops.OpsSettings;
import io.kxm.hub.workflow.WorkflowSettings;
import io.kxm.store.Store;
import io.kxm.store.Tx;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The hub store's retention purges, each one short write transaction, with the windows the running
 * hub's sweepers use ({@code KXM_MESSAGE_RETENTION_MS}, {@code KXM_WORKFLOW_RETENTION_MS}, {@code
 * KXM_CONTEXT_RETENTION_MS}, {@code KXM_OPS_RETENTION_MS}). A dry run does the same deletes and
 * rolls each transaction back, so it counts exactly what a real run would remove at that instant.
 * On SQLite a second process may do this beside a running hub (WAL, one writer at a time, with the
 * busy timeout); on PostgreSQL several hub nodes already purge side by side.
 */
public final class HubRetention implements Purge {
  private final Store store;
  private final Duration messages;
  private final Duration workflows;
  private final Duration context;
  private final Duration ops;

  public HubRetention(
      Store store, Duration messages, Duration workflows, Duration context, Duration ops) {
    this.store = store;
    this.messages = messages;
    this.workflows = workflows;
    this.context = context;
    this.ops = ops;
  }

  /** The windows as the hub of the project at {@code root} reads them from {@code env}. */
  public static HubRetention fromEnvironment(Store store, Path root, Map<String, String> env) {
    return new HubRetention(
        store,
        MessagingSettings.fromEnvironment(env).retention(),
        WorkflowSettings.fromEnvironment(root, env).retention(),
        ContextSettings.fromEnvironment(env).retention(),
        OpsSettings.fromEnvironment(env).retention());
  }

  @Override
  public List<PurgeResult> purge(Instant now, boolean dryRun) {
    List<PurgeResult> results = new ArrayList<>();
    Instant messageCutoff = now.minus(messages);
    results.add(
        run(
            "finished messages",
            messageCutoff,
            dryRun,
            tx -> tx.messages().purgeTerminalBefore(messageCutoff)));
    results.add(
        run(
            "agent stream events",
            messageCutoff,
            dryRun,
            tx -> tx.agentEvents().trimOlderThan(messageCutoff)));
    Instant leaseCutoff = now.minus(LeaseLimits.RETENTION_AFTER_DEADLINE);
    results.add(
        run("ended leases", leaseCutoff, dryRun, tx -> tx.leases().purgeEndedBefore(leaseCutoff)));
    Instant reservationCutoff = now.minus(ReservationLimits.RETENTION_AFTER_END);
    results.add(
        run(
            "ended reservations",
            reservationCutoff,
            dryRun,
            tx -> tx.reservations().purgeEndedBefore(reservationCutoff)));
    Instant workflowCutoff = now.minus(workflows);
    results.add(
        run(
            "finished workflow runs",
            workflowCutoff,
            dryRun,
            tx -> tx.workflowRuns().purgeFinishedBefore(workflowCutoff)));
    results.add(
        run("signature digests", now, dryRun, tx -> tx.signatureDigests().purgeExpired(now)));
    Instant contextCutoff = now.minus(context);
    results.add(
        run(
            "ended context items",
            contextCutoff,
            dryRun,
            tx -> {
              tx.context().expire(now);
              return tx.context().purgeEndedBefore(contextCutoff);
            }));
    Instant opsCutoff = now.minus(ops);
    results.add(
        run(
            "operations stream entries",
            opsCutoff,
            dryRun,
            tx -> tx.opsEvents().trimOlderThan(opsCutoff)));
    return results;
  }

  private PurgeResult run(String what, Instant cutoff, boolean dryRun, ToIntFunction<Tx> delete) {
    int removed;
    try {
      removed =
          store.write(tx -> {
            int n = delete.applyAsInt(tx);
            if (dryRun) {
              throw new DryRun(n);
            }
            return n;
          });
    } catch (DryRun counted) {
      removed = counted.removed;
    }
    return new PurgeResult("hub", what, removed, "before " + cutoff);
  }

  /** Carries a dry run's count out of the transaction it rolls back. */
  private static final class DryRun extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int removed;

    DryRun(int removed) {
      super(null, null, false, false);
      this.removed = removed;
    }
  }
}
