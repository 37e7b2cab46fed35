package io.kxm.hub.workflow;

import io.kxm.fanout.LiveBus;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.agents.AgentGuard;
import io.kxm.hub.messaging.MessageHooks;
import io.kxm.hub.metrics.HubCounts;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Store;
import java.time.Clock;
import java.util.function.UnaryOperator;

/**
 * Signed webhook workflows: definitions loaded at start, webhook and signal routes, the
 * coordinator's workflow routes, the hooks messaging calls, and housekeeping (deadlines,
 * retrospectives, retention).
 *
 * <pre>{@code
 * WorkflowFeature workflows = WorkflowFeature.create(store, bus, clock,
 *     WorkflowSettings.fromEnvironment(root, env), env::get);
 * MessagingFeature messaging = MessagingFeature.builder(store, bus).hooks(workflows.hooks())...;
 * }</pre>
 *
 * <p>Creating it loads and checks every definition and resolves every secret, so a hub with a
 * broken workflow refuses to start ({@code workflow_definition_invalid}, {@code
 * workflow_secret_missing}) instead of failing its first webhook.
 */
public final class WorkflowFeature implements HubFeature, AutoCloseable {
  private final Store store;
  private final WorkflowHooks hooks;
  private final CoordinatorRuns runs;
  private final WebhookRoutes webhookRoutes;
  private final WorkflowSweeper sweeper;

  private WorkflowFeature(
      Store store,
      LiveBus bus,
      Clock clock,
      WorkflowSettings settings,
      WorkflowRegistry registry,
      HubCounts counts) {
    this.store = store;
    StreamWriter writer = new StreamWriter(store, bus, counts);
    RetrospectiveExporter retrospectives =
        new RetrospectiveExporter(store, settings.retrospectivesDir());
    CoordinatorMail mail = new CoordinatorMail(settings.promptTtl());
    RunUpdates updates = new RunUpdates(clock, mail, retrospectives);
    this.hooks = new WorkflowHooks(updates);
    this.runs = new CoordinatorRuns(writer, updates, retrospectives, clock);
    SignatureReplays replays = new SignatureReplays(clock, settings.retention());
    this.webhookRoutes =
        new WebhookRoutes(
            new WebhookStarts(registry, writer, mail, replays, clock),
            new SignalDeliveries(registry, writer, updates, retrospectives, replays, clock),
            new QuorumDegrades(writer, updates, clock));
    this.sweeper = new WorkflowSweeper(writer, updates, retrospectives, clock, settings);
  }

  /**
   * @param env looks up the secret variables definitions name, for example {@code System::getenv}
   * @throws io.kxm.core.error.KxmException {@code WORKFLOW_DEFINITION_INVALID} or {@code
   *     WORKFLOW_SECRET_MISSING}
   */
  public static WorkflowFeature create(
      Store store, LiveBus bus, Clock clock, WorkflowSettings settings, UnaryOperator<String> env) {
    return create(store, bus, clock, settings, env, new HubCounts());
  }

  /**
   * As {@link #create(Store, LiveBus, Clock, WorkflowSettings, UnaryOperator)}, counting into the
   * hub's {@code counts}.
   */
  public static WorkflowFeature create(
      Store store,
      LiveBus bus,
      Clock clock,
      WorkflowSettings settings,
      UnaryOperator<String> env,
      HubCounts counts) {
    return new WorkflowFeature(
        store, bus, clock, settings, WorkflowRegistry.load(settings.definitionsDir(), env), counts);
  }

  /** What messaging calls at sends with a workflow context, replies and expiries. */
  public MessageHooks hooks() {
    return hooks;
  }

  /** The coordinator's operations, for in-process surfaces such as the MCP endpoint. */
  public CoordinatorRuns runs() {
    return runs;
  }

  @Override
  public void install(HubContext hub) {
    webhookRoutes.install(hub.routes());
    new WorkflowRoutes(runs, new AgentGuard(store, hub.credentials())).install(hub.routes());
    hub.drain().onDrain(this::close);
    sweeper.start();
  }

  @Override
  public void close() {
    sweeper.close();
  }
}
