package io.kxm.hub.agents;

import io.javalin.http.Context;
import io.kxm.core.agent.Agent;
import io.kxm.core.peer.Limits;
import io.kxm.hub.auth.ProjectNames;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRequest;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.JsonBodies;
import java.util.List;
import java.util.Map;

/** Registration, heartbeat, discovery, disconnect and retirement over HTTP. */
public final class AgentRoutes {
  private final AgentRegistry registry;
  private final AgentRetirement retirement;
  private final AgentGuard guard;

  public AgentRoutes(AgentRegistry registry, AgentRetirement retirement, AgentGuard guard) {
    this.registry = registry;
    this.retirement = retirement;
    this.guard = guard;
  }

  public void install(HubRoutes routes) {
    routes
        .post("/v1/projects/{project}/agents", Access.AUTHENTICATED, this::register)
        .post("/v1/agents/{agentId}/heartbeat", Access.AUTHENTICATED, this::heartbeat)
        .get("/v1/agents/{agentId}/peers", Access.AUTHENTICATED, this::peers)
        .delete("/v1/agents/{agentId}", Access.AUTHENTICATED, this::disconnect)
        .post("/v1/agents/{agentId}/retire", Access.AUTHENTICATED, this::retireSelf)
        .post("/v1/projects/{project}/agents/{name}/retire", Access.ADMIN, this::retireNamed)
        .post("/v1/agents/prune", Access.ADMIN, this::prune);
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

  private void retireSelf(Context ctx) {
    Agent agent = guard.require(ctx);
    ctx.json(Map.of("retired", retirement.retire(agent.id())));
  }

  private void retireNamed(Context ctx) {
    String project = ProjectNames.require(ctx.pathParam("project"));
    String name = Limits.required("name", ctx.pathParam("name"), AgentProfile.NAME_MAX);
    ctx.json(Map.of("retired", retirement.retire(project, name)));
  }

  private void prune(Context ctx) {
    PruneRequest request = JsonBodies.read(ctx, PruneRequest.class);
    List<RetiredAgent> agents =
        retirement.prune(request.project(), request.offlineFor(), request.dryRun());
    ctx.json(Map.of("dryRun", request.dryRun(), "agents", agents));
  }
}
