package io.kxm.runtime.drive;

import io.kxm.client.AgentLeases;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.retry.Backoff;
import io.kxm.runtime.hub.RuntimeAgent;
import io.kxm.runtime.run.LeaseStatus;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.store.Batch;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fenced leases one step holds on the bound hub while it runs: taken in name order before the
 * step starts (waiting while another holder has one), renewed every third of their time to live by
 * a thread of their own, released when the step ends. A renewal the hub refuses ({@code
 * lease_not_held}, {@code lease_held}), or a hub that stays unreachable past the lease's deadline,
 * loses the lease: {@link #lost()} then names why, and the step stops. Every change is a {@code
 * lease.moved} event of the run.
 *
 * <p>The hub holds leases in the name of the project's runtime agent, which every run of the
 * project shares; runs of this process are kept apart on a resource by a local hold as well.
 */
final class StepLeases implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StepLeases.class);

  /** The bound hub's base URL, given to the step's processes beside the fencing tokens. */
  static final String HUB_URL = "KXM_HUB_URL";

  /** Prefix of the variables carrying fencing tokens: {@code KXM_FENCE_DEPLOY_TARGET=7}. */
  static final String FENCE_PREFIX = "KXM_FENCE_";

  /** How long a step waits for a resource another holder has before it fails. */
  static final Duration BUSY_WAIT = Duration.ofMinutes(10);

  private static final Backoff RETRY = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(5));

  // resource holds of this process, by runtime agent file and resource: runs of one project share
  // one hub holder, so the hub alone cannot keep them apart
  private static final Set<String> LOCAL = ConcurrentHashMap.newKeySet();

  private final DriveContext ctx;
  private final String runId;
  private final String stepId;
  private final RuntimeAgent agent;
  private final Map<String, Held> held = new LinkedHashMap<>();
  private final CountDownLatch stop = new CountDownLatch(1);
  private volatile String lost;
  private Thread renewer;

  private record Held(CompiledPlan.Use use, AgentLeases.Grant grant) {}

  private StepLeases(DriveContext ctx, String runId, String stepId, RuntimeAgent agent) {
    this.ctx = ctx;
    this.runId = runId;
    this.stepId = stepId;
    this.agent = agent;
  }

  /** Leases nothing: the step uses no resource. */
  static StepLeases none(DriveContext ctx, String runId, String stepId) {
    return new StepLeases(ctx, runId, stepId, null);
  }

  /**
   * Takes every lease {@code step} uses and starts renewing them.
   *
   * @throws KxmException {@code run_hub_not_bound} when the project has no hub; {@code lease_held}
   *     when another holder kept a resource for {@link #BUSY_WAIT}; {@code hub_unreachable} or
   *     another refusal of the hub; nothing is left held when it throws
   * @throws InterruptedException when the drive is interrupted while it waits
   */
  static StepLeases take(
      DriveContext ctx, String runId, CompiledPlan.PlanStep step, BooleanSupplier cancelled)
      throws InterruptedException {
    if (step.uses().isEmpty()) {
      return none(ctx, runId, step.id());
    }
    RuntimeAgent agent =
        RuntimeAgent.of(ctx.runFiles(), ctx.clock())
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.RUN_HUB_NOT_BOUND,
                    "step "
                        + step.id()
                        + " of run "
                        + runId
                        + " uses "
                        + step.uses().stream().map(CompiledPlan.Use::resource).toList()
                        + ", leased on the project's hub, and the project at "
                        + ctx.projectRoot()
                        + " is not bound to one"));
    StepLeases leases = new StepLeases(ctx, runId, step.id(), agent);
    try {
      List<CompiledPlan.Use> ordered = new ArrayList<>(step.uses());
      // one order for every step, so two steps wanting the same two resources never deadlock
      ordered.sort(Comparator.comparing(CompiledPlan.Use::resource));
      for (CompiledPlan.Use use : ordered) {
        leases.acquire(use, cancelled);
      }
    } catch (InterruptedException | RuntimeException e) {
      leases.close();
      throw e;
    }
    leases.renewer = Thread.ofVirtual().name("lease-renewer-" + runId).start(leases::renewLoop);
    return leases;
  }

  /**
   * What the step's harness and gates get: the hub's URL and one {@code KXM_FENCE_<RESOURCE>} per
   * lease (the name upper-cased, {@code -} as {@code _}); empty without leases.
   */
  Map<String, String> environment() {
    Map<String, String> env = new LinkedHashMap<>();
    synchronized (held) {
      if (agent == null || held.isEmpty()) {
        return Map.of();
      }
      env.put(HUB_URL, agent.binding().url().toString());
      held.forEach(
          (resource, h) -> env.put(variable(resource), Long.toString(h.grant().fencingToken())));
    }
    return Map.copyOf(env);
  }

  static String variable(String resource) {
    return FENCE_PREFIX + resource.toUpperCase(Locale.ROOT).replace('-', '_');
  }

  /** Why a lease of the step was lost; null while every lease is held. */
  String lost() {
    return lost;
  }

  /** Stops renewing and releases what is still held. */
  @Override
  public void close() {
    stop.countDown();
    if (renewer != null) {
      try {
        renewer.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    List<Held> release;
    synchronized (held) {
      release = new ArrayList<>(held.values());
      held.clear();
    }
    for (Held h : release) {
      String resource = h.use().resource();
      try {
        agent.leases(l -> {
          l.release(resource);
          return null;
        });
        record(resource, LeaseStatus.RELEASED, h.grant().fencingToken(), null, null);
      } catch (KxmException e) {
        if (e.code() == ErrorCode.LEASE_NOT_HELD) {
          record(resource, LeaseStatus.LOST, h.grant().fencingToken(), null, reason(e));
        } else {
          // The hub ends the lease at its deadline by itself; the run records the release as
          // unconfirmed rather than leaving the lease open in its log.
          record(
              resource,
              LeaseStatus.RELEASED,
              h.grant().fencingToken(),
              null,
              "not confirmed by the hub (" + reason(e) + "); it ends at " + h.grant().expiresAt());
        }
      } finally {
        LOCAL.remove(localKey(resource));
      }
    }
    if (agent != null) {
      agent.close();
    }
  }

  private void acquire(CompiledPlan.Use use, BooleanSupplier cancelled)
      throws InterruptedException {
    String resource = use.resource();
    Duration ttl = Duration.ofMillis(use.ttlMillis());
    Instant giveUp = ctx.clock().instant().plus(BUSY_WAIT);
    int failures = 0;
    while (true) {
      if (cancelled.getAsBoolean()) {
        throw new InterruptedException("cancelled while waiting for " + resource);
      }
      KxmException failure;
      if (LOCAL.add(localKey(resource))) {
        try {
          AgentLeases.Grant grant = agent.leases(l -> l.acquire(resource, ttl));
          synchronized (held) {
            held.put(resource, new Held(use, grant));
          }
          record(
              resource,
              LeaseStatus.TAKEN,
              grant.fencingToken(),
              grant.expiresAt().toString(),
              null);
          return;
        } catch (KxmException e) {
          LOCAL.remove(localKey(resource));
          failure = e;
        }
      } else {
        failure =
            new KxmException(
                ErrorCode.LEASE_HELD, "'" + resource + "' is held by another run of this project");
      }
      boolean retry =
          failure.code() == ErrorCode.LEASE_HELD || failure.code() == ErrorCode.HUB_UNREACHABLE;
      if (!retry || ctx.clock().instant().isAfter(giveUp)) {
        throw failure;
      }
      failures++;
      stop.await(RETRY.pause(failures).toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  private void renewLoop() {
    long every = 0;
    synchronized (held) {
      for (Held h : held.values()) {
        long third = h.use().ttlMillis() / 3;
        every = every == 0 ? third : Math.min(every, third);
      }
    }
    try {
      while (!stop.await(every, TimeUnit.MILLISECONDS)) {
        List<Held> current;
        synchronized (held) {
          current = new ArrayList<>(held.values());
        }
        for (Held h : current) {
          if (!renew(h)) {
            return;
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Renews one lease, retrying an unreachable hub until its deadline; false once it is lost. */
  private boolean renew(Held h) throws InterruptedException {
    String resource = h.use().resource();
    Duration ttl = Duration.ofMillis(h.use().ttlMillis());
    int failures = 0;
    while (true) {
      try {
        AgentLeases.Grant grant = agent.leases(l -> l.renew(resource, ttl));
        synchronized (held) {
          held.put(resource, new Held(h.use(), grant));
        }
        record(
            resource,
            LeaseStatus.RENEWED,
            grant.fencingToken(),
            grant.expiresAt().toString(),
            null);
        return true;
      } catch (KxmException e) {
        boolean transientFailure = e.code() == ErrorCode.HUB_UNREACHABLE;
        if (!transientFailure || !ctx.clock().instant().isBefore(h.grant().expiresAt())) {
          lose(h, reason(e));
          return false;
        }
        failures++;
        LOG.warn(
            "renewing the lease on {} for run {} failed ({}); trying again",
            resource,
            runId,
            e.code().code());
        if (stop.await(RETRY.pause(failures).toMillis(), TimeUnit.MILLISECONDS)) {
          return false;
        }
      }
    }
  }

  private void lose(Held h, String why) {
    String resource = h.use().resource();
    synchronized (held) {
      held.remove(resource);
    }
    LOCAL.remove(localKey(resource));
    lost = ErrorCode.LEASE_LOST.code() + ": the lease on '" + resource + "' was lost: " + why;
    record(resource, LeaseStatus.LOST, h.grant().fencingToken(), null, why);
  }

  private void record(
      String resource, LeaseStatus to, long token, String expiresAt, String detail) {
    ctx.append(
        runId,
        st -> Batch.of(new RunEvent.LeaseMoved(stepId, resource, to, token, expiresAt, detail)));
  }

  private String localKey(String resource) {
    return ctx.runFiles().resolve(RuntimeAgent.FILE) + "#" + resource;
  }

  private static String reason(KxmException e) {
    return e.code().code() + ": " + e.getMessage();
  }
}
