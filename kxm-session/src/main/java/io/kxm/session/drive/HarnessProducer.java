package io.kxm.session.drive;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.AgentProducer;
import io.kxm.runtime.api.AgentRoute;
import io.kxm.runtime.config.RoutingConfig;
import io.kxm.runtime.process.OrphanProcesses;
import io.kxm.runtime.process.RunningProcesses;
import io.kxm.runtime.route.Route;
import io.kxm.runtime.route.RouteAdmission;
import io.kxm.runtime.route.RouteHarness;
import io.kxm.session.api.Harness;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.HarnessTurn;
import io.kxm.session.api.TurnInput;
import io.kxm.session.api.TurnOutcome;
import io.kxm.session.api.WorkspaceAccess;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The live producer: each attempt of an agent step runs as one turn of the agent's routed harness
 * ({@code claude-code}, {@code codex}, {@code pi}, {@code builtin} or {@code command}), in the
 * attempt's workspace, read-only unless the step writes. The route is admitted against the
 * project's {@code .kxm/routes.yaml} first, and a refused route is never swapped for another. The
 * turn runs inside the sandbox when the agent's file or its route asks for it.
 *
 * <p>Results: a final message is the attempt's {@code outcome}; a route, harness or login refused
 * before anything ran is {@code producer_rejected}; a harness that failed, fell silent or ran past
 * the step's timeout leaves the outcome unknown; a cancel ends its process tree.
 *
 * <p>With a {@link RunningProcesses} record, each harness process's pid and start time are kept on
 * disk until its turn has settled, so a supervisor killed mid-step ends that tree at its next start
 * ({@link #endOrphans()}) and a retried attempt never runs beside the first.
 */
public final class HarnessProducer implements AgentProducer {
  /** How often a running attempt checks for a cancel. */
  static final Duration POLL = Duration.ofMillis(200);

  /** How long a cancelled harness gets to end before the attempt stops waiting for it. */
  static final Duration CANCEL_GRACE = Duration.ofSeconds(30);

  private static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(30);

  /** How long an orphaned harness tree gets to end after SIGTERM before it is killed. */
  static final Duration ORPHAN_GRACE = Duration.ofSeconds(2);

  private final Function<HarnessSpec, Harness> harnesses;
  private final RunningProcesses processes;

  /**
   * A producer that records no processes.
   *
   * @param harnesses the harnesses by type, as sessions get them ({@link
   *     io.kxm.session.turn.Harnesses#standard})
   */
  public HarnessProducer(Function<HarnessSpec, Harness> harnesses) {
    this(harnesses, null);
  }

  /**
   * @param processes where running harness processes are recorded, for {@link #endOrphans()} after
   *     a crash; null to record none
   */
  public HarnessProducer(Function<HarnessSpec, Harness> harnesses, RunningProcesses processes) {
    this.harnesses = harnesses;
    this.processes = processes;
  }

  @Override
  public int endOrphans() throws InterruptedException {
    return processes == null ? 0 : processes.endOrphans(new OrphanProcesses(ORPHAN_GRACE));
  }

  @Override
  public ProducerResult produce(ProducerRequest request, BooleanSupplier cancelled) {
    if (cancelled.getAsBoolean()) {
      return new ProducerResult.Cancelled();
    }
    AgentRoute route = request.route();
    Harness harness;
    HarnessSpec spec;
    boolean sandboxed;
    try {
      spec = admit(request, route);
      harness = harnesses.apply(spec);
      sandboxed = sandboxed(request, route);
    } catch (KxmException e) {
      return new ProducerResult.Rejected(e.code().code(), e.getMessage());
    }
    AttemptOutputs outputs = new AttemptOutputs(route, request.projectRoot());
    HarnessTurn turn;
    try {
      turn = harness.start(input(request, route, sandboxed), outputs);
    } catch (KxmException e) {
      // nothing ran: the harness, its binary or its login refused before a process existed
      return new ProducerResult.Rejected(e.code().code(), e.getMessage());
    }
    boolean recorded;
    try {
      recorded = record(turn);
    } catch (RuntimeException e) {
      // A harness nobody could end after a crash must not run: stop it before it gets far.
      turn.cancel();
      return new ProducerResult.Rejected(
          ErrorCode.HARNESS_START_FAILED.code(),
          "the harness process of agent "
              + request.agentId()
              + " could not be recorded, so it was ended: "
              + e.getMessage());
    }
    try (turn) {
      return await(request, turn, outputs, cancelled);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      turn.cancel();
      return new ProducerResult.Cancelled(outputs.usage());
    } finally {
      if (recorded) {
        forget(turn);
      }
    }
  }

  /** Records a turn that runs in a process of its own; the built-in agent runs in this one. */
  private boolean record(HarnessTurn turn) {
    if (processes == null || turn.pid() == ProcessHandle.current().pid()) {
      return false;
    }
    processes.started(turn.pid(), turn.processStart());
    return true;
  }

  // A turn that has not settled may still have its tree running: its record stays for the next
  // start to end it.
  private void forget(HarnessTurn turn) {
    try {
      if (turn.await(Duration.ZERO) != null) {
        processes.ended(turn.pid());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      // its watcher failed, so nobody knows whether the tree is gone: the record stays
    }
  }

  /** The harness the route names, once {@code routes.yaml} admits it. */
  private static HarnessSpec admit(ProducerRequest request, AgentRoute route) {
    if (route == null) {
      throw new KxmException(
          ErrorCode.RUN_PLAN_INVALID,
          "run "
              + request.runId()
              + " pinned its plan without the route of agent "
              + request.agentId()
              + "; start a new run with 'kxm run'");
    }
    if (route.harness() == null) {
      throw new KxmException(
          ErrorCode.ROUTE_NOT_ADMITTED,
          "agent "
              + route.agentId()
              + " names no harness and .kxm/project.yaml sets no defaultHarness");
    }
    new RouteAdmission(RoutingConfig.routes(request.projectRoot()))
        .admit(route.harness(), route.model());
    boolean command = RouteHarness.COMMAND.wireName().equals(route.harness());
    if (command && route.command().isEmpty()) {
      throw new KxmException(
          ErrorCode.HARNESS_INVALID,
          "agent " + route.agentId() + " runs in the command harness but names no 'command'");
    }
    return new HarnessSpec(route.harness(), command ? route.command() : List.of());
  }

  /**
   * The agent's file asks for the sandbox, or {@code routes.yaml} does for its route: either one is
   * enough, so neither can let the other's harness out.
   */
  private static boolean sandboxed(ProducerRequest request, AgentRoute route) {
    if (route.sandboxed()) {
      return true;
    }
    Optional<RouteHarness> kind = RouteHarness.named(route.harness());
    if (kind.isEmpty() || route.model() == null) {
      return false;
    }
    return RoutingConfig.routes(request.projectRoot())
        .sandboxes(new Route(kind.get(), route.model()));
  }

  private static TurnInput input(ProducerRequest request, AgentRoute route, boolean sandboxed) {
    return new TurnInput(
        request.runId() + "." + request.stepId() + "." + request.agentId(),
        request.runId(),
        request.workspace().toString(),
        route.model(),
        request.prompt(),
        List.of(),
        List.of(),
        sandboxed,
        request.writes() ? WorkspaceAccess.WRITE : WorkspaceAccess.READ_ONLY,
        request.environment());
  }

  private static ProducerResult await(
      ProducerRequest request, HarnessTurn turn, AttemptOutputs outputs, BooleanSupplier cancelled)
      throws InterruptedException {
    Duration limit = request.timeout() == null ? DEFAULT_TIMEOUT : request.timeout();
    long deadline = System.nanoTime() + limit.toNanos();
    TurnOutcome outcome = null;
    while (outcome == null) {
      outputs.refuseQuestions(turn);
      if (cancelled.getAsBoolean()) {
        turn.cancel();
        turn.await(CANCEL_GRACE);
        return new ProducerResult.Cancelled(outputs.usage());
      }
      if (System.nanoTime() - deadline > 0) {
        turn.cancel();
        turn.await(CANCEL_GRACE);
        return new ProducerResult.Unknown(
            "the attempt ran past its timeout of " + limit.toMillis() + " ms and was ended",
            outputs.usage());
      }
      outcome = turn.await(POLL);
    }
    if (outcome.succeeded()) {
      return new ProducerResult.Answered(outcome.finalMessage(), outputs.usage());
    }
    String said = turn.diagnosis();
    return new ProducerResult.Unknown(
        outcome.outcome()
            + (outcome.error() == null ? "" : " (" + outcome.error() + ")")
            + (said.isBlank() ? "" : ": " + said),
        outputs.usage());
  }
}
