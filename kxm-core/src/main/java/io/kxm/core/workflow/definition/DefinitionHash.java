package io.kxm.core.workflow.definition;

import io.kxm.core.json.CanonicalJson;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Tokens;

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
    return Json.write(CanonicalJson.sortedWithoutNullFields(Json.MAPPER.valueToTree(definition)));
  }

  /** Lower-case hex SHA-256 of {@link #canonicalJson}. */
  public static String of(WorkflowDefinition definition) {
    return Tokens.sha256Hex(canonicalJson(definition));
  }

  /** Reads a definition back from {@link #canonicalJson}. */
  public static WorkflowDefinition fromCanonicalJson(String json) {
    return Json.read(json, WorkflowDefinition.class);
  }
}
