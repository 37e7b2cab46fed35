package io.kxm.hub;

import io.kxm.core.Version;
import io.kxm.core.agent.Agent;
import io.kxm.core.trace.Tracing;
import io.kxm.fanout.FanoutSettings;
import io.kxm.fanout.LiveBus;
import io.kxm.fanout.LiveBuses;
import io.kxm.hub.a2a.A2aFeature;
import io.kxm.hub.a2a.A2aSettings;
import io.kxm.hub.agents.AgentProfile;
import io.kxm.hub.console.ConsoleFeature;
import io.kxm.hub.context.ContextFeature;
import io.kxm.hub.context.ContextSettings;
import io.kxm.hub.mcp.AgentPorts;
import io.kxm.hub.mcp.McpFeature;
import io.kxm.hub.messaging.LocalPeers;
import io.kxm.hub.messaging.MessagingFeature;
import io.kxm.hub.messaging.MessagingSettings;
import io.kxm.hub.metrics.FanoutMeters;
import io.kxm.hub.metrics.HubCounts;
import io.kxm.hub.metrics.PresenceMeters;
import io.kxm.hub.metrics.StoreMeters;
import io.kxm.hub.metrics.WorkflowRunMeters;
import io.kxm.hub.ops.OpsFeature;
import io.kxm.hub.ops.OpsSettings;
import io.kxm.hub.reserve.LocalReservations;
import io.kxm.hub.sync.SyncFeature;
import io.kxm.hub.workflow.LocalWorkflows;
import io.kxm.hub.workflow.WorkflowFeature;
import io.kxm.hub.workflow.WorkflowSettings;
import io.kxm.mcp.McpServerOptions;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The whole hub as the {@code kxm} command runs it: the store chosen by the environment, live
 * fan-out, every feature, and the server. Tests and benchmarks start the product through this one
 * place too.
 */
public final class HubAssembly {
  private HubAssembly() {}

  /**
   * Opens the store (migrating it forward, or refusing a newer one) and starts the hub on it.
   * Everything opened here closes after the server stops, or at once when the start fails.
   */
  public static HubServer start(HubConfig config, Map<String, String> env) {
    return start(config, env, List.of());
  }

  /**
   * As {@link #start(HubConfig, Map)}, with {@code extra} features installed beside the hub's own:
   * parts that live outside this module, such as the CLI's bridge to the runtime supervisor.
   */
  public static HubServer start(HubConfig config, Map<String, String> env, List<HubFeature> extra) {
    // One clock for store, features and server: presence and expiry compare their times.
    return start(config, env, Clock.systemUTC(), extra);
  }

  /** {@link #start(HubConfig, Map)} on {@code clock}, for tests that move time. */
  public static HubServer start(HubConfig config, Map<String, String> env, Clock clock) {
    return start(config, env, clock, List.of());
  }

  private static HubServer start(
      HubConfig config, Map<String, String> env, Clock clock, List<HubFeature> extra) {
    Store store = Stores.open(StoreConfig.fromEnvironment(config.project().root(), env), clock);
    LiveBus bus = null;
    WorkflowFeature workflows = null;
    MessagingFeature messaging = null;
    McpFeature mcp = null;
    OpsFeature ops = null;
    // One set of counts for every feature: a workflow's prompt is a message like a peer's.
    HubCounts counts = new HubCounts();
    Tracing tracing = Tracing.fromEnvironment(env, "kxm-hub", Version.current());
    try {
      bus = LiveBuses.open(FanoutSettings.fromEnvironment(env));
      // Workflow secrets are read from the same environment as every other setting.
      workflows =
          WorkflowFeature.create(
              store,
              bus,
              clock,
              WorkflowSettings.fromEnvironment(config.project().root(), env),
              env::get,
              counts);
      MessagingSettings messagingSettings = MessagingSettings.fromEnvironment(env);
      messaging =
          MessagingFeature.builder(store, bus)
              .clock(clock)
              .settings(messagingSettings)
              .hooks(workflows.hooks())
              .counts(counts)
              .tracer(tracing.tracer())
              .build();
      ops =
          new OpsFeature(
              store,
              bus,
              clock,
              OpsSettings.fromEnvironment(env),
              messaging.agents().presences(),
              messagingSettings.streamQueue(),
              messagingSettings.streamHeartbeat());
      ContextFeature context =
          new ContextFeature(store, clock, ContextSettings.fromEnvironment(env));
      mcp = mcpOver(messaging, workflows, context, tracing);
      // Closed in this order once the server stopped: MCP sessions, sweepers, fan-out, store.
      HubServerBuilder server = HubServer.builder(config);
      extra.forEach(server::feature);
      return server
          .clock(clock)
          .readiness(store::checkReady)
          .tokenStore(store)
          .meterBinder(new StoreMeters(store))
          .meterBinder(new FanoutMeters(bus))
          .meterBinder(counts)
          .meterBinder(new PresenceMeters(store, messaging.agents().presences(), clock))
          .meterBinder(new WorkflowRunMeters(store))
          .feature(messaging)
          .feature(workflows)
          .feature(mcp)
          .feature(new SyncFeature(store, bus, counts))
          .feature(context)
          .feature(ops)
          .feature(new ConsoleFeature(store, messaging::register))
          .feature(new A2aFeature(store, messaging, A2aSettings.fromEnvironment(env)))
          .closeAfterStop(mcp)
          .closeAfterStop(ops)
          .closeAfterStop(context)
          .closeAfterStop(messaging)
          .closeAfterStop(workflows)
          .closeAfterStop(bus)
          .closeAfterStop(store)
          .closeAfterStop(tracing)
          .captureLibraryLogs(true)
          .start();
    } catch (RuntimeException e) {
      closeQuietly(ops);
      closeQuietly(mcp);
      closeQuietly(messaging);
      closeQuietly(workflows);
      closeQuietly(bus);
      store.close();
      tracing.close();
      throw e;
    }
  }

  /**
   * The /mcp endpoint: each MCP session is one agent, acting through the same in-process port as
   * the HTTP routes, and told about each request that arrives for it.
   */
  private static McpFeature mcpOver(
      MessagingFeature messaging,
      WorkflowFeature workflows,
      ContextFeature context,
      Tracing tracing) {
    AtomicReference<McpFeature> self = new AtomicReference<>();
    McpFeature mcp =
        new McpFeature(
            (project, agentName, purpose) -> {
              LocalPeers peers = messaging.connect(project, AgentProfile.named(agentName, purpose));
              peers.onRequest(request -> self.get().requestArrived(project, agentName, request));
              Supplier<Agent> agent = () -> messaging.agents().require(peers.agentId());
              return new AgentPorts(
                  peers,
                  new LocalWorkflows(workflows.runs(), agent),
                  context.portFor(agent),
                  new LocalReservations(messaging.reservations(), agent));
            },
            McpServerOptions.defaults(Version.current()).withTracer(tracing.tracer()));
    self.set(mcp);
    return mcp;
  }

  private static void closeQuietly(AutoCloseable resource) {
    if (resource == null) {
      return;
    }
    try {
      resource.close();
    } catch (Exception e) {
      // Already failing to start; the original error is the one to report.
    }
  }
}
