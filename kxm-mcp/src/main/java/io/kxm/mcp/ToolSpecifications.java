package io.kxm.mcp;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.policy.ActivePolicy;
import io.kxm.core.policy.PolicyDecision;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolDefinition;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns the tool catalog into MCP tool specifications, one per catalog entry. */
public final class ToolSpecifications {
  private static final Logger log = LoggerFactory.getLogger(ToolSpecifications.class);
  private static final McpSchema.ToolAnnotations READ_ONLY =
      new McpSchema.ToolAnnotations(null, true, null, null, null, null);

  private ToolSpecifications() {}

  public static List<SyncToolSpecification> of(
      ToolCatalog catalog, ActivePolicy policy, ContextResolver contexts) {
    return catalog.tools().stream()
        .map(tool ->
            SyncToolSpecification.builder()
                .tool(describe(tool))
                .callHandler((exchange, request) -> call(tool, policy, contexts, exchange, request))
                .build())
        .toList();
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
  static CallToolResult call(
      ToolDefinition tool,
      ActivePolicy policy,
      ContextResolver contexts,
      McpSyncServerExchange exchange,
      McpSchema.CallToolRequest request) {
    if (policy.check(tool.name()) instanceof PolicyDecision.Denied denied) {
      return ToolResults.error(denied.code(), denied.message(), denied.hint());
    }
    try {
      return ToolResults.success(
          tool.call(Json.MAPPER.valueToTree(request.arguments()), contexts.resolve(exchange)));
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
