package io.kxm.hub.agents;

import io.javalin.http.Context;
import io.kxm.core.agent.Agent;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRequest;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.JsonBodies;
import java.util.Map;

/** Registration, heartbeat, discovery and disconnect over HTTP. */
public final class AgentRoutes {
  private final AgentRegistry registry;
  private final AgentGuard guard;

  public AgentRoutes(AgentRegistry registry, AgentGuard guard) {
    this.registry = registry;
    this.guard = guard;
  }

  public void install(HubRoutes routes) {
    routes
        .post("/v1/projects/{project}/agents", Access.AUTHENTICATED, this::register)
        .post("/v1/agents/{agentId}/heartbeat", Access.AUTHENTICATED, this::heartbeat)
        .get("/v1/agents/{agentId}/peers", Access.AUTHENTICATED, this::peers)
        .delete("/v1/agents/{agentId}", Access.AUTHENTICATED, this::disconnect);
  }

  private void register(Context ctx) {
    String project = ctx.pathParam("project");
    guard.requireMayRegister(HubRequest.requirePrincipal(ctx), project);
    AgentProfile profile = JsonBodies.read(ctx, AgentProfile.class);
    Registration registration = registry.register(project, profile);
    long leaseMs = registry.presences().lease().toMillis();
    ctx.status(201)
        .json(RegistrationAnswer.of(registration, registry.view(registration.agent()), leaseMs));
  }

  private void heartbeat(Context ctx) {
    Agent agent = guard.require(ctx);
    ctx.json(Map.of("agent", registry.view(registry.heartbeat(agent.id()))));
  }

  private void peers(Context ctx) {
    Agent agent = guard.require(ctx);
    boolean includeOffline = JsonBodies.queryFlag(ctx, "includeOffline", false);
    ctx.json(Map.of("agents", registry.peers(agent, includeOffline)));
  }

  private void disconnect(Context ctx) {
    Agent agent = guard.require(ctx);
    ctx.json(Map.of("agent", registry.view(registry.disconnect(agent.id()))));
  }
}
