package io.kxm.mcp;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import tools.jackson.databind.JsonNode;

/** How tool outcomes look to the model: JSON text, or an error text that starts with the code. */
public final class ToolResults {
  private ToolResults() {}

  public static CallToolResult success(JsonNode result) {
    return CallToolResult.builder().addTextContent(Json.write(result)).isError(false).build();
  }

  /**
   * An {@code isError} result, {@code "<code>: <message>"} and the hint on the next line. A tool
   * refusal is something the model should read and act on, so it is never a JSON-RPC error.
   */
  public static CallToolResult error(ErrorCode code, String message, String hint) {
    String text = code.code() + ": " + message + (hint == null ? "" : "\n" + hint);
    return CallToolResult.builder().addTextContent(text).isError(true).build();
  }

  public static CallToolResult error(KxmException e) {
    return error(e.code(), e.getMessage(), e.hint());
  }
}
