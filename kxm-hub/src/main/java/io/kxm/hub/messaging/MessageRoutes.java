package io.kxm.hub.messaging;

import io.javalin.http.Context;
import io.kxm.core.agent.Agent;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.ReplyRequest;
import io.kxm.core.peer.SendRequest;
import io.kxm.hub.agents.AgentGuard;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.JsonBodies;
import java.util.Map;

/** The message routes under {@code /v1/agents/{agentId}}; every one proves the agent first. */
final class MessageRoutes {
  private static final String AGENT = "/v1/agents/{agentId}";
  private static final String MESSAGE = AGENT + "/messages/{messageId}";

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
        .post(MESSAGE + "/cancel", Access.AUTHENTICATED, this::cancel);
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
