package io.kxm.session.provider;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * A tool offered to the model.
 *
 * @param schema the JSON schema of the tool's input, an object schema
 */
public record ToolSpec(String name, String description, JsonNode schema) {
  public ToolSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    if (schema == null || !schema.isObject()) {
      throw new IllegalArgumentException("tool " + name + " needs an object schema");
    }
  }
}
