package io.kxm.knowledge;

import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One forum tool as any transport serves it.
 *
 * @param changesState whether a call writes the forum (a post or a done signal)
 * @param inputSchema JSON Schema of its arguments, a closed object
 * @param handler takes the arguments object and answers the result object; refusals throw {@link
 *     io.kxm.core.error.KxmException}
 */
public record ForumTool(
    String name,
    String description,
    boolean changesState,
    ObjectNode inputSchema,
    Function<JsonNode, JsonNode> handler) {

  /** Runs the tool on {@code arguments}. */
  public JsonNode call(JsonNode arguments) {
    return handler.apply(arguments);
  }
}
