package io.kxm.hub.reserve;

import io.javalin.http.Context;
import io.kxm.core.agent.Agent;
import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.agents.AgentGuard;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.auth.ProjectNames;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRequest;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.JsonBodies;
import java.util.Map;

/**
 * Reservations of repository paths over HTTP: an agent reserves and releases in its own name; the
 * project's live reservations read with the project's token (or the admin's), which is what the Git
 * hook and the dashboard use.
 */
public final class ReservationRoutes {
  private static final String AGENT_PATH = "/v1/agents/{agentId}/reservations";
  private static final String PROJECT_PATH = "/v1/projects/{project}/reservations";

  private final Reservations reservations;
  private final AgentGuard guard;

  public ReservationRoutes(Reservations reservations, AgentGuard guard) {
    this.reservations = reservations;
    this.guard = guard;
  }

  public void install(HubRoutes routes) {
    routes
        .post(AGENT_PATH, Access.AUTHENTICATED, this::reserve)
        .get(AGENT_PATH, Access.AUTHENTICATED, this::liveOfAgentProject)
        .delete(AGENT_PATH + "/{reservationId}", Access.AUTHENTICATED, this::release)
        .get(PROJECT_PATH, Access.AUTHENTICATED, this::liveOfProject)
        .get(PROJECT_PATH + "/{reservationId}", Access.AUTHENTICATED, this::one);
  }

  private void reserve(Context ctx) {
    Agent agent = guard.require(ctx);
    ReservationBody body = JsonBodies.read(ctx, ReservationBody.class);
    ctx.status(201).json(Map.of("reservation", reservations.reserve(agent, body.request())));
  }

  private void release(Context ctx) {
    Agent agent = guard.require(ctx);
    ctx.json(Map.of("reservation", reservations.release(agent, reservationId(ctx))));
  }

  private void liveOfAgentProject(Context ctx) {
    Agent agent = guard.require(ctx);
    ctx.json(Map.of("reservations", reservations.live(agent.project())));
  }

  private void liveOfProject(Context ctx) {
    ctx.json(Map.of("reservations", reservations.live(readableProject(ctx))));
  }

  private void one(Context ctx) {
    ctx.json(Map.of("reservation", reservations.find(readableProject(ctx), reservationId(ctx))));
  }

  /** The project in the path, when the token is that project's or the admin's. */
  private static String readableProject(Context ctx) {
    String project = ProjectNames.require(ctx.pathParam("project"));
    if (HubRequest.requirePrincipal(ctx) instanceof Principal.Project own
        && !own.name().equals(project)) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          "the token of project '"
              + own.name()
              + "' cannot read the reservations of project '"
              + project
              + "'");
    }
    return project;
  }

  private static String reservationId(Context ctx) {
    return TextLength.check("reservationId", ctx.pathParam("reservationId"), 64);
  }
}
