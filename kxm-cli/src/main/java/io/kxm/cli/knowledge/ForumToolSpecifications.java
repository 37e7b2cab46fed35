package io.kxm.cli.knowledge;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.knowledge.ForumTool;
import io.kxm.knowledge.ForumToolset;
import io.kxm.mcp.ToolResults;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The forum toolset as MCP tool specifications; refusals reach the model as error results. */
final class ForumToolSpecifications {
  private static final Logger log = LoggerFactory.getLogger(ForumToolSpecifications.class);
  private static final McpSchema.ToolAnnotations READ_ONLY =
      new McpSchema.ToolAnnotations(null, true, null, null, null, null);

  private ForumToolSpecifications() {}

  static List<SyncToolSpecification> of(ForumToolset toolset) {
    return toolset.tools().stream()
        .map(tool ->
            SyncToolSpecification.builder()
                .tool(describe(tool))
                .callHandler((exchange, request) -> call(tool, request))
                .build())
        .toList();
  }

  static McpSchema.Tool describe(ForumTool tool) {
    @SuppressWarnings("unchecked")
    Map<String, Object> schema = Json.MAPPER.convertValue(tool.inputSchema(), Map.class);
    McpSchema.Tool.Builder builder =
        McpSchema.Tool.builder(tool.name(), schema).description(tool.description());
    return (tool.changesState() ? builder : builder.annotations(READ_ONLY)).build();
  }

  private static McpSchema.CallToolResult call(ForumTool tool, McpSchema.CallToolRequest request) {
    try {
      return ToolResults.success(tool.call(Json.MAPPER.valueToTree(request.arguments())));
    } catch (KxmException e) {
      return ToolResults.error(e);
    } catch (RuntimeException e) {
      log.warn("forum tool {} failed unexpectedly", tool.name(), e);
      return ToolResults.error(
          ErrorCode.INTERNAL,
          tool.name() + " failed unexpectedly (" + e.getClass().getSimpleName() + ")",
          "This is a bug; the server log has the details.");
    }
  }
}
