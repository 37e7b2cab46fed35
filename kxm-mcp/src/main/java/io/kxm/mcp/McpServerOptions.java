package io.kxm.mcp;

import io.kxm.core.policy.ActivePolicy;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.trace.Tracing;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.opentelemetry.api.trace.Tracer;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * What every KXM MCP server shares, whatever its transport.
 *
 * @param catalog the tools served
 * @param policy checked before every call
 * @param name server name shown to clients
 * @param version server version shown to clients
 * @param requestTimeout how long the server waits for the client to answer a request of its own,
 *     such as a keep-alive ping; a dead client is noticed after this. It does not bound tool calls
 * @param channel whether the server is a Claude Code channel: it then declares the {@value
 *     InboundNotices#CHANNEL_CAPABILITY} capability and pushes each arriving request as {@value
 *     InboundNotices#CHANNEL_METHOD}
 * @param tracer opens a span for every tool call (no-op unless the process exports traces)
 */
public record McpServerOptions(
    ToolCatalog catalog,
    ActivePolicy policy,
    String name,
    String version,
    Duration requestTimeout,
    boolean channel,
    Tracer tracer) {

  static final String INSTRUCTIONS =
      "Each kxm tool acts as your registered agent. Peers' requests to you show up in kxm_inbox;"
          + " answer each with kxm_reply.";

  static final String CHANNEL_INSTRUCTIONS =
      " A peer's request may also arrive as a <channel source=\"kxm\"> event whose attributes"
          + " name the sender and the message_id: the peer sees only what you send with kxm_reply"
          + " messageId=<message_id>, never your chat answer.";

  public McpServerOptions {
    Objects.requireNonNull(catalog, "catalog");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    Objects.requireNonNull(tracer, "tracer");
  }

  /** The standard catalog, no policy, server name "kxm", 20 s for the client's answers. */
  public static McpServerOptions defaults(String version) {
    return new McpServerOptions(
        ToolCatalog.standard(),
        ActivePolicy.OPEN,
        "kxm",
        version,
        Duration.ofSeconds(20),
        false,
        Tracing.off().tracer());
  }

  public McpServerOptions withPolicy(ActivePolicy newPolicy) {
    return new McpServerOptions(catalog, newPolicy, name, version, requestTimeout, channel, tracer);
  }

  /** What the server tells a client about using it, at initialize or discovery. */
  public String instructions() {
    return channel ? INSTRUCTIONS + CHANNEL_INSTRUCTIONS : INSTRUCTIONS;
  }

  /** The same options as a Claude Code channel server, or not. */
  public McpServerOptions withChannel(boolean asChannel) {
    return new McpServerOptions(catalog, policy, name, version, requestTimeout, asChannel, tracer);
  }

  /** The same options with tool calls traced by {@code newTracer}. */
  public McpServerOptions withTracer(Tracer newTracer) {
    return new McpServerOptions(catalog, policy, name, version, requestTimeout, channel, newTracer);
  }

  /**
   * Adds the catalog, the inbox resource and the capabilities to an SDK server spec, and builds.
   * The SDK's own check of tool arguments is off: it would answer a schema failure with its generic
   * text, while {@code ToolDefinition.call} checks the same schema and answers with the hub's code,
   * the field and the next step.
   */
  public McpSyncServer build(McpServer.SyncSpecification<?> spec, ContextResolver contexts) {
    return build(spec, contexts, contexts);
  }

  /**
   * As {@link #build(McpServer.SyncSpecification, ContextResolver)}, with the inbox resource read
   * through {@code inboxContexts}: a client that re-reads {@code kxm://inbox} on its own after a
   * push has not shown the requests to anyone, so it must not acknowledge them as a tool would.
   */
  public McpSyncServer build(
      McpServer.SyncSpecification<?> spec,
      ContextResolver contexts,
      ContextResolver inboxContexts) {
    McpSchema.ServerCapabilities.Builder capabilities =
        McpSchema.ServerCapabilities.builder().tools(false).resources(true, false).logging();
    if (channel) {
      capabilities = capabilities.experimental(Map.of(InboundNotices.CHANNEL_CAPABILITY, Map.of()));
    }
    return spec.serverInfo(name, version)
        .instructions(instructions())
        .jsonMapper(McpJson.mapper())
        .validateToolInputs(false)
        .requestTimeout(requestTimeout)
        .capabilities(capabilities.build())
        .tools(ToolSpecifications.of(catalog, policy, contexts, tracer))
        .resources(InboxResource.of(policy, inboxContexts))
        .build();
  }
}
