package io.kxm.mcp;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.InputJson;
import io.kxm.core.json.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params each MCP request method takes, checked before the SDK reads them. The SDK answers
 * params it cannot convert with -32603 and the converter's exception text (class names included); a
 * client's malformed request deserves -32602 and words instead.
 */
public final class RequestShapes {
  /** JSON-RPC's code for params that do not fit the method. */
  public static final int INVALID_PARAMS = -32602;

  private static final Map<String, Class<?>> PARAMS =
      Map.ofEntries(
          Map.entry("initialize", McpSchema.InitializeRequest.class),
          Map.entry("tools/call", McpSchema.CallToolRequest.class),
          Map.entry("tools/list", McpSchema.PaginatedRequest.class),
          Map.entry("resources/list", McpSchema.PaginatedRequest.class),
          Map.entry("resources/templates/list", McpSchema.PaginatedRequest.class),
          Map.entry("resources/read", McpSchema.ReadResourceRequest.class),
          Map.entry("resources/subscribe", McpSchema.SubscribeRequest.class),
          Map.entry("resources/unsubscribe", McpSchema.UnsubscribeRequest.class),
          Map.entry("prompts/list", McpSchema.PaginatedRequest.class),
          Map.entry("prompts/get", McpSchema.GetPromptRequest.class),
          Map.entry("logging/setLevel", McpSchema.SetLevelRequest.class),
          Map.entry("completion/complete", McpSchema.CompleteRequest.class));

  private RequestShapes() {}

  /**
   * The refusal of a message that names one key twice in an object (its params or a tool's
   * arguments included), or empty. The SDK's reader would keep the last value; a client's intent is
   * then unknown, so the message is refused as the hub's HTTP routes refuse such bodies.
   */
  public static Optional<String> repeatedKey(String message) {
    try {
      InputJson.read(message);
      return Optional.empty();
    } catch (KxmException e) {
      if (e.code() != ErrorCode.DUPLICATE_KEY) {
        return Optional.empty(); // the other checks of the message answer for the rest
      }
      return Optional.of(e.code().code() + ": " + e.getMessage() + "; " + e.code().hint());
    }
  }

  /**
   * Why a request's params cannot be read as its method's params, or empty when they can, when the
   * message is no request, or when the method is not one of those above (the SDK answers those).
   */
  public static Optional<String> problem(JsonNode message) {
    JsonNode method = message.get("method");
    JsonNode id = message.get("id");
    if (method == null || !method.isString() || id == null || id.isNull()) {
      return Optional.empty();
    }
    Class<?> type = PARAMS.get(method.asString());
    if (type == null) {
      return Optional.empty();
    }
    JsonNode params = message.get("params");
    boolean optional = type == McpSchema.PaginatedRequest.class;
    if (params == null || params.isNull()) {
      return optional
          ? Optional.empty()
          : Optional.of(method.asString() + " needs params: a JSON object");
    }
    if (!params.isObject()) {
      return Optional.of("the params of " + method.asString() + " must be a JSON object");
    }
    try {
      McpJson.mapper().convertValue(Json.MAPPER.convertValue(params, Map.class), type);
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.of(
          "the params of "
              + method.asString()
              + " do not have the members and types MCP defines for it");
    }
  }
}
