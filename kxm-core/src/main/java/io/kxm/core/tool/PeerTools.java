package io.kxm.core.tool;

import static io.kxm.core.tool.JsonNodes.tree;
import static io.kxm.core.tool.JsonNodes.wrap;
import static io.kxm.core.tool.Schemas.described;
import static io.kxm.core.tool.Schemas.string;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.Limits;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.ReplyRequest;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.peer.WorkflowContext;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** The eight peer-messaging tools: requests and replies between agents of one project. */
final class PeerTools {
  private PeerTools() {}

  static List<ToolDefinition> all() {
    return List.of(
        tool(
            "kxm_list",
            false,
            "List this project's agents, you included, with presence.",
            Schemas.object().property("includeOffline", Schemas.bool()),
            (args, ctx) -> wrap("agents", ctx.peers().list(args.bool("includeOffline", false)))),
        tool(
            "kxm_send",
            true,
            "Send one request to a peer; wait for its reply with kxm_await.",
            Schemas.object()
                .required("target", described(string(Limits.TARGET_MAX), "Peer name or agent ID"))
                .required("content", string(Limits.CONTENT_MAX))
                .property("delivery", Schemas.oneOf("followUp", "steer", "nextTurn"))
                .property("correlationId", string(Limits.KEY_MAX))
                .property("idempotencyKey", string(Limits.KEY_MAX))
                .property("workflowContext", workflowContextSchema())
                .property("ttlMs", Schemas.integer(Limits.TTL_MIN_MS, Limits.TTL_MAX_MS))
                .property("allowOffline", Schemas.bool()),
            (args, ctx) ->
                tree(
                    ctx.peers()
                        .send(
                            new SendRequest(
                                args.string("target"),
                                args.string("content"),
                                Delivery.fromWire(args.string("delivery")),
                                args.string("correlationId"),
                                args.string("idempotencyKey"),
                                workflowContext(args),
                                args.integer("ttlMs"),
                                args.bool("allowOffline", false))))),
        tool(
            "kxm_get",
            false,
            "Read a request you sent or received, with any reply; no wait.",
            messageIdOnly(),
            (args, ctx) -> tree(ctx.peers().get(messageId(args)))),
        tool(
            "kxm_fanout",
            true,
            "Send one request to 1-3 peers and wait; unanswered ones come back pending.",
            Schemas.object()
                .required(
                    "targets",
                    Schemas.array(string(Limits.TARGET_MAX), 1, Limits.FANOUT_TARGETS_MAX))
                .required("content", string(Limits.CONTENT_MAX))
                .property("correlationId", string(Limits.KEY_MAX))
                .property("idempotencyKeyPrefix", string(Limits.KEY_MAX))
                .property("workflowContext", workflowContextSchema())
                .property("ttlMs", Schemas.integer(Limits.TTL_MIN_MS, Limits.TTL_MAX_MS))
                .property(
                    "timeoutMs",
                    Schemas.integer(Limits.FANOUT_TIMEOUT_MIN_MS, Limits.FANOUT_TIMEOUT_MAX_MS)),
            (args, ctx) ->
                tree(
                    ctx.peers()
                        .fanout(
                            new FanoutRequest(
                                args.strings("targets"),
                                args.string("content"),
                                args.string("correlationId"),
                                args.string("idempotencyKeyPrefix"),
                                workflowContext(args),
                                args.integer("ttlMs"),
                                args.integer("timeoutMs"))))),
        tool(
            "kxm_await",
            false,
            "Wait up to 60 s for your request's reply, cancel or expiry.",
            Schemas.object()
                .required("messageId", string(Limits.ID_MAX))
                .property("timeoutMs", Schemas.integerAtLeast(Limits.AWAIT_TIMEOUT_MIN_MS)),
            (args, ctx) -> tree(await(args, ctx))),
        tool(
            "kxm_cancel",
            true,
            "Cancel your unanswered request; the peer's work is not undone.",
            messageIdOnly(),
            (args, ctx) -> tree(ctx.peers().cancel(messageId(args)))),
        tool(
            "kxm_inbox",
            false,
            "List requests to you that still need a reply.",
            Schemas.object(),
            (args, ctx) -> wrap("messages", ctx.peers().inbox())),
        tool(
            "kxm_reply",
            true,
            "Answer a request to you once: result, evidence, open risks.",
            Schemas.object()
                .required("messageId", string(Limits.ID_MAX))
                .required("content", string(Limits.CONTENT_MAX)),
            (args, ctx) ->
                tree(
                    ctx.peers()
                        .reply(
                            new ReplyRequest(args.string("messageId"), args.string("content"))))));
  }

  private static ToolDefinition tool(
      String name,
      boolean changesState,
      String description,
      Schemas.ObjectSchema schema,
      ToolHandler handler) {
    return new ToolDefinition(
        name, ToolGroup.PEERS, changesState, description, schema.build(), handler);
  }

  private static PeerMessage await(ToolArguments args, ToolContext ctx) {
    AwaitRequest request = new AwaitRequest(args.string("messageId"), args.integer("timeoutMs"));
    PeerMessage message = ctx.peers().await(request);
    if (!message.status().isTerminal()) {
      throw new KxmException(
          ErrorCode.AWAIT_TIMED_OUT,
          "timed out waiting for " + message.id() + " (still " + message.status().wire() + ")");
    }
    return message;
  }

  private static Schemas.ObjectSchema messageIdOnly() {
    return Schemas.object().required("messageId", string(Limits.ID_MAX));
  }

  private static String messageId(ToolArguments args) {
    return Limits.required("messageId", args.string("messageId"), Limits.ID_MAX);
  }

  private static ObjectNode workflowContextSchema() {
    return Schemas.object()
        .required("runId", string(Limits.ID_MAX))
        .required("stageId", string(Limits.ID_MAX))
        .required("requirementKey", string(Limits.ID_MAX))
        .required("attempt", Schemas.integer(Limits.ATTEMPT_MIN, Limits.ATTEMPT_MAX))
        .build();
  }

  private static WorkflowContext workflowContext(ToolArguments args) {
    ToolArguments context = args.object("workflowContext");
    if (context == null) {
      return null;
    }
    String runId = context.string("runId");
    String stageId = context.string("stageId");
    String requirementKey = context.string("requirementKey");
    Long attempt = context.integer("attempt");
    if (attempt == null) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "workflowContext.attempt is required");
    }
    Limits.range("workflowContext.attempt", attempt, Limits.ATTEMPT_MIN, Limits.ATTEMPT_MAX);
    return new WorkflowContext(runId, stageId, requirementKey, attempt.intValue());
  }
}
