package io.kxm.core.workflow.definition;

import io.kxm.core.json.Json;
import io.kxm.core.secret.Tokens;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The canonical JSON form of a definition and its SHA-256, the run's {@code definitionHash}. The
 * model holds no secret values (only the names of the variables that hold them), so neither the
 * form nor the hash can leak one. Keys are sorted at every level and nothing is indented, so equal
 * definitions hash equal whatever their files' layout.
 */
public final class DefinitionHash {
  private DefinitionHash() {}

  /** The canonical JSON text; a run stores it to keep the definition it started with. */
  public static String canonicalJson(WorkflowDefinition definition) {
    return Json.write(sorted(Json.MAPPER.valueToTree(definition)));
  }

  /** Lower-case hex SHA-256 of {@link #canonicalJson}. */
  public static String of(WorkflowDefinition definition) {
    return Tokens.sha256Hex(canonicalJson(definition));
  }

  /** Reads a definition back from {@link #canonicalJson}. */
  public static WorkflowDefinition fromCanonicalJson(String json) {
    return Json.read(json, WorkflowDefinition.class);
  }

  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      List<String> names = new ArrayList<>(node.propertyNames());
      Collections.sort(names);
      ObjectNode out = Json.object();
      for (String name : names) {
        JsonNode child = node.get(name);
        if (!child.isNull()) {
          out.set(name, sorted(child));
        }
      }
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = Json.MAPPER.createArrayNode();
      node.forEach(child -> out.add(sorted(child)));
      return out;
    }
    return node;
  }
}
