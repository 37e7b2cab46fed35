package io.kxm.hub.context;

import io.kxm.core.agent.Agent;
import io.kxm.core.context.ContextOperations;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.agents.AgentGuard;
import io.kxm.store.Store;
import java.time.Clock;
import java.util.function.Supplier;

/**
 * Context items, temporal state and proposals: the agents' five context routes, the operators'
 * routes, the in-process port for MCP sessions, and the retention timer.
 *
 * <pre>{@code
 * ContextFeature context = new ContextFeature(store, clock, ContextSettings.fromEnvironment(env));
 * HubServer.builder(config).feature(context).closeAfterStop(context)...;
 * ContextOperations port = context.portFor(() -> agents.require(agentId));
 * }</pre>
 */
public final class ContextFeature implements HubFeature, AutoCloseable {
  private final Store store;
  private final ContextReads reads;
  private final ContextChanges changes;
  private final AgentContext agents;
  private final ContextRetention retention;

  public ContextFeature(Store store, Clock clock, ContextSettings settings) {
    this.store = store;
    this.reads = new ContextReads(store, clock);
    this.changes = new ContextChanges(store, clock);
    this.agents = new AgentContext(reads, changes);
    this.retention = new ContextRetention(store, clock, settings);
  }

  /** The context port of one agent, for its MCP session; the agent is read at each call. */
  public ContextOperations portFor(Supplier<Agent> caller) {
    return agents.port(caller);
  }

  /** One housekeeping round now (expiry and purge); returns how many items were deleted. */
  public int sweep() {
    return retention.sweep();
  }

  @Override
  public void install(HubContext hub) {
    new ContextRoutes(agents, reads, changes, new AgentGuard(store, hub.credentials()))
        .install(hub.routes());
    hub.drain().onDrain(retention::close);
    retention.start();
  }

  @Override
  public void close() {
    retention.close();
  }
}
