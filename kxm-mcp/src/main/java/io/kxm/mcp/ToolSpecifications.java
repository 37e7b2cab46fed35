package io.kxm.mcp;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.policy.ActivePolicy;
import io.kxm.core.policy.PolicyDecision;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolContext;
import io.kxm.core.tool.ToolDefinition;
import io.kxm.core.trace.Tracing;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns the tool catalog into MCP tool specifications, one per catalog entry. */
public final class ToolSpecifications {
  private static final Logger log = LoggerFactory.getLogger(ToolSpecifications.class);
  private static final AttributeKey<String> MCP_METHOD = AttributeKey.stringKey("mcp.method.name");
  private static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
  private static final McpSchema.ToolAnnotations READ_ONLY =
      new McpSchema.ToolAnnotations(null, true, null, null, null, null);

  private ToolSpecifications() {}

  public static List<SyncToolSpecification> of(
      ToolCatalog catalog, ActivePolicy policy, ContextResolver contexts) {
    return of(catalog, policy, contexts, Tracing.off().tracer());
  }

  /** As above, each call in a server span named after the MCP method and the tool. */
  public static List<SyncToolSpecification> of(
      ToolCatalog catalog, ActivePolicy policy, ContextResolver contexts, Tracer tracer) {
    return catalog.tools().stream()
        .map(tool ->
            SyncToolSpecification.builder()
                .tool(describe(tool))
                .callHandler((exchange, request) ->
                    traced(
                        tracer,
                        tool,
                        () ->
                            call(
                                tool,
                                policy,
                                () -> contexts.resolve(exchange),
                                request.arguments())))
                .build())
        .toList();
  }

  /**
   * Runs one call in its span, current while the tool runs so that the hub's own spans (the store
   * write, the stream delivery) are its children. Names follow OpenTelemetry's conventions for MCP:
   * {@code tools/call <tool>}, with {@code mcp.method.name} and {@code gen_ai.tool.name}.
   */
  private static CallToolResult traced(
      Tracer tracer, ToolDefinition tool, Supplier<CallToolResult> call) {
    Span span =
        tracer
            .spanBuilder("tools/call " + tool.name())
            .setSpanKind(SpanKind.SERVER)
            .setAttribute(MCP_METHOD, "tools/call")
            .setAttribute(TOOL_NAME, tool.name())
            .startSpan();
    try (Scope ignored = span.makeCurrent()) {
      CallToolResult result = call.get();
      if (Boolean.TRUE.equals(result.isError())) {
        span.setStatus(StatusCode.ERROR);
      }
      return result;
    } finally {
      span.end();
    }
  }

  /** The MCP view of a tool; read-only tools say so, so clients may run them without asking. */
  public static McpSchema.Tool describe(ToolDefinition tool) {
    @SuppressWarnings("unchecked")
    Map<String, Object> schema = Json.MAPPER.convertValue(tool.inputSchema(), Map.class);
    McpSchema.Tool.Builder builder =
        McpSchema.Tool.builder(tool.name(), schema).description(tool.description());
    return (tool.changesState() ? builder : builder.annotations(READ_ONLY)).build();
  }

  /**
   * Runs one call. The policy is checked first, and every failure becomes an {@code isError}
   * result: an exception escaping here would reach the model as a bare JSON-RPC -32603.
   */
  public static CallToolResult call(
      ToolDefinition tool,
      ActivePolicy policy,
      Supplier<ToolContext> context,
      Map<String, Object> arguments) {
    if (policy.check(tool.name()) instanceof PolicyDecision.Denied denied) {
      return ToolResults.error(denied.code(), denied.message(), denied.hint());
    }
    try {
      return ToolResults.success(tool.call(Json.MAPPER.valueToTree(arguments), context.get()));
    } catch (KxmException e) {
      return ToolResults.error(e);
    } catch (RuntimeException e) {
      log.warn("tool {} failed unexpectedly", tool.name(), e);
      return ToolResults.error(
          ErrorCode.INTERNAL,
          tool.name() + " failed unexpectedly (" + e.getClass().getSimpleName() + ")",
          "This is a bug; the server log has the details.");
    }
  }
}
