package io.kxm.hub.messaging;

import io.javalin.http.Context;
import io.kxm.core.agent.Agent;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.Limits;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.ReplyRequest;
import io.kxm.core.peer.SendRequest;
import io.kxm.hub.agents.AgentGuard;
import io.kxm.hub.agents.AgentProfile;
import io.kxm.hub.auth.ProjectNames;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRequest;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.JsonBodies;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The message routes under {@code /v1/agents/{agentId}}, each proving the agent first, and the
 * read-only status of one agent by name for a holder of its project's token ({@code kxm hook
 * session-start}).
 */
final class MessageRoutes {
  private static final String AGENT = "/v1/agents/{agentId}";
  private static final String MESSAGE = AGENT + "/messages/{messageId}";
  private static final int STATUS_REQUESTS = 5;

  private final MessagingServices services;
  private final AgentGuard guard;

  MessageRoutes(MessagingServices services, AgentGuard guard) {
    this.services = services;
    this.guard = guard;
  }

  void install(HubRoutes routes) {
    routes
        .post(AGENT + "/messages", Access.AUTHENTICATED, this::send)
        .post(AGENT + "/fanout", Access.AUTHENTICATED, this::fanout)
        .get(AGENT + "/inbox", Access.AUTHENTICATED, this::inbox)
        .get(MESSAGE, Access.AUTHENTICATED, this::get)
        .get(MESSAGE + "/await", Access.AUTHENTICATED, this::await)
        .post(MESSAGE + "/ack", Access.AUTHENTICATED, this::ack)
        .post(MESSAGE + "/reply", Access.AUTHENTICATED, this::reply)
        .post(MESSAGE + "/cancel", Access.AUTHENTICATED, this::cancel)
        .get("/v1/projects/{project}/status", Access.AUTHENTICATED, this::status);
  }

  /**
   * How many agents of the project are online and, with {@code ?agent=NAME}, the open requests to
   * that agent (the first few and their count): what a session that has not registered yet learns
   * about itself. Reads only; it needs no agent key, since the project's token may register under
   * that name anyway.
   */
  private void status(Context ctx) {
    String project = ProjectNames.require(ctx.pathParam("project"));
    guard.requireMayRegister(HubRequest.requirePrincipal(ctx), project);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("project", project);
    body.put("agentsOnline", services.agents().onlineIn(project));
    String agent = ctx.queryParam("agent");
    if (agent != null) {
      String name = Limits.required("agent", agent, AgentProfile.NAME_MAX);
      List<PeerMessage> open = services.reads().openFor(project, name);
      body.put("agent", name);
      body.put("openRequests", open.size());
      body.put("requests", open.stream().limit(STATUS_REQUESTS).toList());
    }
    ctx.json(body);
  }

  private void send(Context ctx) {
    Agent caller = guard.require(ctx);
    SendRequest request = JsonBodies.read(ctx, SendRequest.class);
    ctx.status(201).json(services.sender().send(caller, request));
  }

  private void fanout(Context ctx) {
    Agent caller = guard.require(ctx);
    FanoutRequest request = JsonBodies.read(ctx, FanoutRequest.class);
    ctx.json(Map.of("responses", services.fanouts().send(caller, request)));
  }

  private void inbox(Context ctx) {
    Agent caller = guard.require(ctx);
    ctx.json(Map.of("messages", services.reads().inbox(caller)));
  }

  private void get(Context ctx) {
    Agent caller = guard.require(ctx);
    ctx.json(services.reads().get(caller, messageId(ctx)));
  }

  private void await(Context ctx) {
    Agent caller = guard.require(ctx);
    AwaitRequest request = new AwaitRequest(messageId(ctx), JsonBodies.queryLong(ctx, "timeoutMs"));
    ctx.json(services.awaiter().await(caller, request.messageId(), request.timeout()));
  }

  private void ack(Context ctx) {
    Agent caller = guard.require(ctx);
    ctx.json(services.actions().ack(caller, messageId(ctx)));
  }

  private void reply(Context ctx) {
    Agent caller = guard.require(ctx);
    ReplyBody body = JsonBodies.read(ctx, ReplyBody.class);
    ctx.json(services.actions().reply(caller, new ReplyRequest(messageId(ctx), body.content())));
  }

  private void cancel(Context ctx) {
    Agent caller = guard.require(ctx);
    ctx.json(services.actions().cancel(caller, messageId(ctx)));
  }

  private static String messageId(Context ctx) {
    return ctx.pathParam("messageId");
  }

  /** The body of a reply; the message comes from the path. */
  record ReplyBody(String content) {}
}
