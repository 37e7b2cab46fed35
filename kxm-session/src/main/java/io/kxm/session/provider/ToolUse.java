package io.kxm.session.provider;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * A tool call the model made.
 *
 * @param id the provider's call id, echoed back with the result
 * @param input the parsed arguments; an object
 */
public record ToolUse(String id, String name, JsonNode input) {
  public ToolUse {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(input, "input");
  }
}
