package io.kxm.hub.agents;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.kxm.core.agent.Agent;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.RoutePolicy;
import io.kxm.hub.stream.AgentStreamServer;
import io.kxm.hub.stream.Cursor;
import io.kxm.store.Store;
import java.io.IOException;

/**
 * {@code GET /v1/agents/{agentId}/events}: the agent's event stream over SSE. An open stream keeps
 * the agent online. GET only: a HEAD would hold the connection like a stream and tell nothing.
 */
public final class AgentEventsRoute {
  private final AgentGuard guard;
  private final Store store;
  private final PresenceKeeper presence;
  private final AgentStreamServer server;

  public AgentEventsRoute(
      AgentGuard guard, Store store, PresenceKeeper presence, AgentStreamServer server) {
    this.guard = guard;
    this.store = store;
    this.presence = presence;
    this.server = server;
  }

  public void install(HubRoutes routes) {
    routes.add(
        HandlerType.GET,
        "/v1/agents/{agentId}/events",
        RoutePolicy.of(Access.AUTHENTICATED),
        this::stream);
  }

  private void stream(Context ctx) throws IOException {
    Agent agent = guard.require(ctx);
    long after = Cursor.parse(ctx.header("Last-Event-ID"), ctx.queryParam("after"));
    long last = store.agentEvents().lastSeq(agent.id());
    if (after > last) {
      // Following from a number the stream has not reached would silently drop every event up
      // to it; this cursor came from another store or was made up.
      throw new KxmException(
          ErrorCode.INVALID_CURSOR,
          "cursor " + after + " is past the last event " + last + " of agent " + agent.id());
    }
    try (PresenceKeeper.Hold ignored = presence.hold(agent.id())) {
      server.serve(ctx, agent.id(), after);
    }
  }
}
