package io.kxm.hub.context;

import io.javalin.http.Context;
import io.kxm.core.check.TextLength;
import io.kxm.core.context.ContextLimits;
import io.kxm.core.context.ContextOrigin;
import io.kxm.core.context.ContextRequests;
import io.kxm.core.context.ProposalStatus;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.hub.agents.AgentGuard;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.console.ConsoleSession;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRequest;
import io.kxm.hub.http.HubRoutes;
import java.util.function.BiFunction;
import tools.jackson.databind.JsonNode;

/**
 * The context routes. Agents reach the five tools under {@code /v1/agents/{agentId}/context}, in
 * their own project only. Operators, with the admin token, read any project under {@code
 * /v1/context}, add items, propose as a person, and promote or reject proposals.
 */
final class ContextRoutes {
  private static final String AGENT = "/v1/agents/{agentId}/context";
  private static final String ADMIN = "/v1/context";

  private final AgentContext agents;
  private final ContextReads reads;
  private final ContextChanges changes;
  private final AgentGuard guard;

  ContextRoutes(AgentContext agents, ContextReads reads, ContextChanges changes, AgentGuard guard) {
    this.agents = agents;
    this.reads = reads;
    this.changes = changes;
    this.guard = guard;
  }

  void install(HubRoutes routes) {
    routes
        .post(AGENT + "/packet", Access.AUTHENTICATED, ctx -> agent(ctx, agents::packet))
        .post(AGENT + "/recall", Access.AUTHENTICATED, ctx -> agent(ctx, agents::recall))
        .post(AGENT + "/state", Access.AUTHENTICATED, ctx -> agent(ctx, agents::state))
        .post(AGENT + "/episodes", Access.AUTHENTICATED, ctx -> agent(ctx, agents::episodes))
        .post(
            AGENT + "/proposals",
            Access.AUTHENTICATED,
            ctx -> ctx.status(201).json(agents.propose(guard.require(ctx), body(ctx))))
        .post(ADMIN + "/items", Access.ADMIN, this::addItem)
        .post(ADMIN + "/packet", Access.ADMIN, this::packet)
        .post(ADMIN + "/recall", Access.ADMIN, this::recall)
        .post(ADMIN + "/state", Access.ADMIN, this::state)
        .post(ADMIN + "/episodes", Access.ADMIN, this::episodes)
        .get(ADMIN + "/proposals", Access.ADMIN, this::proposals)
        .post(ADMIN + "/proposals", Access.ADMIN, this::propose)
        // Authenticated, not admin-only: a project token gets the context code, not a generic one.
        .post(ADMIN + "/proposals/{proposalId}/promote", Access.AUTHENTICATED, this::promote)
        .post(ADMIN + "/proposals/{proposalId}/reject", Access.AUTHENTICATED, this::reject);
  }

  private void agent(Context ctx, BiFunction<io.kxm.core.agent.Agent, JsonNode, JsonNode> op) {
    ctx.json(op.apply(guard.require(ctx), body(ctx)));
  }

  private void addItem(Context ctx) {
    ctx.status(201).json(changes.add(ContextRequests.NewItem.read(body(ctx))));
  }

  private void packet(Context ctx) {
    ContextRequests.Packet request = ContextRequests.Packet.read(body(ctx));
    ctx.json(reads.packet(project(request.project()), request));
  }

  private void recall(Context ctx) {
    ContextRequests.Recall request = ContextRequests.Recall.read(body(ctx));
    ctx.json(reads.recall(project(request.project()), request));
  }

  private void state(Context ctx) {
    ContextRequests.State request = ContextRequests.State.read(body(ctx));
    ctx.json(reads.state(project(request.project()), request));
  }

  private void episodes(Context ctx) {
    ContextRequests.Episodes request = ContextRequests.Episodes.read(body(ctx));
    ctx.json(reads.episodes(project(request.project()), request));
  }

  private void proposals(Context ctx) {
    String status = ctx.queryParam("status");
    ctx.json(
        changes.proposals(
            project(ctx.queryParam("project")),
            status == null || status.isBlank() ? null : ProposalStatus.fromWire(status)));
  }

  private void propose(Context ctx) {
    ContextRequests.Proposal request = ContextRequests.Proposal.readOperator(body(ctx));
    ctx.status(201)
        .json(
            changes.propose(
                project(request.project()), request.proposedBy(), ContextOrigin.HUMAN, request));
  }

  private void promote(Context ctx) {
    requireAdmin(ctx, "promote");
    ContextRequests.Decision decision = ContextRequests.Decision.read(body(ctx), "promotedBy");
    ctx.json(changes.promote(ctx.pathParam("proposalId"), operator(ctx, decision, "promotedBy")));
  }

  private void reject(Context ctx) {
    requireAdmin(ctx, "reject");
    ContextRequests.Decision decision = ContextRequests.Decision.read(body(ctx), "rejectedBy");
    ctx.json(changes.reject(ctx.pathParam("proposalId"), operator(ctx, decision, "rejectedBy")));
  }

  /**
   * Who decides: the name the body gives, which a console session must give as its signed-in
   * operator, so a page cannot decide in someone else's name.
   */
  private static String operator(Context ctx, ContextRequests.Decision decision, String field) {
    String named = decision.operator();
    HubRequest.console(ctx)
        .map(ConsoleSession::operator)
        .filter(operator -> !operator.equalsIgnoreCase(named))
        .ifPresent(operator -> {
          throw new KxmException(
              ErrorCode.INVALID_REQUEST,
              field + " must be the signed-in operator '" + operator + "', got '" + named + "'");
        });
    return named;
  }

  private static void requireAdmin(Context ctx, String verb) {
    if (!(HubRequest.requirePrincipal(ctx) instanceof Principal.Admin)) {
      throw new KxmException(
          ErrorCode.CONTEXT_PROMOTION_FORBIDDEN,
          "only the admin token may " + verb + " a proposal; a project token was given");
    }
  }

  /** Operators name the project on every admin route. */
  private static String project(String project) {
    if (project == null || project.isBlank()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "project is required on operator context routes",
          "Name the project, for example {\"project\": \"web\"} or ?project=web.");
    }
    return TextLength.check("project", project, ContextLimits.NAME_MAX);
  }

  private static JsonNode body(Context ctx) {
    return HubRequest.jsonBody(ctx).orElseGet(Json::object);
  }
}
