package io.kxm.core.tool;

import java.util.Objects;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One agent tool, defined once for every surface (MCP, CLI, tests).
 *
 * @param name stable name, {@code kxm_} and lower-case words
 * @param group the family it belongs to
 * @param changesState whether a call can change hub state; read-only presets block those that do
 * @param description what it does, in at most {@link #DESCRIPTION_MAX} characters
 * @param inputSchema JSON Schema (draft 2020-12) of its arguments, a closed object
 * @param handler the implementation
 */
public record ToolDefinition(
    String name,
    ToolGroup group,
    boolean changesState,
    String description,
    ObjectNode inputSchema,
    ToolHandler handler) {

  /** Descriptions are sent to every model on every session; keep them to one short sentence. */
  public static final int DESCRIPTION_MAX = 160;

  private static final Pattern NAME = Pattern.compile("kxm_[a-z]+(_[a-z]+)*");

  public ToolDefinition {
    if (name == null || !NAME.matcher(name).matches() || name.length() > 64) {
      throw new IllegalArgumentException("tool name must look like kxm_word_word: " + name);
    }
    Objects.requireNonNull(group, "group");
    if (description == null || description.isBlank() || description.length() > DESCRIPTION_MAX) {
      throw new IllegalArgumentException(
          name + ": description must be 1 to " + DESCRIPTION_MAX + " characters");
    }
    if (inputSchema == null || !"object".equals(inputSchema.path("type").asString(""))) {
      throw new IllegalArgumentException(name + ": input schema must be an object schema");
    }
    inputSchema = inputSchema.deepCopy();
    Objects.requireNonNull(handler, "handler");
  }

  /** A copy, so no caller can change the schema every surface shares. */
  @Override
  public ObjectNode inputSchema() {
    return inputSchema.deepCopy();
  }

  /**
   * Runs the tool. The arguments are checked against the input schema here, with the hub's codes,
   * so every surface (MCP over stdio and HTTP, the CLI) refuses them alike.
   */
  public JsonNode call(JsonNode arguments, ToolContext context) {
    ToolArguments args = ToolArguments.of(arguments);
    ToolArgumentCheck.check(name, inputSchema, args.raw());
    return handler.call(args, context);
  }
}
