package io.kxm.core.workflow.definition;

import io.kxm.core.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Loads every {@code *.json} file of a folder (for example {@code .kxm/webhooks/}) as a workflow
 * definition. Each file is checked against the JSON Schema, then against the rules between its
 * parts, then against the other files (workflow IDs are unique across the hub). Nothing loads
 * unless everything is valid, and every problem of every file is reported at once.
 */
public final class DefinitionLoader {
  private DefinitionLoader() {}

  /**
   * @param folder the definitions folder; a folder that does not exist holds no definitions
   * @throws WorkflowDefinitionsInvalidException naming each file, JSON path and rule that failed
   */
  public static WorkflowDefinitions load(Path folder) {
    if (!Files.exists(folder)) {
      return WorkflowDefinitions.empty();
    }
    List<Path> files;
    try (Stream<Path> listing = Files.list(folder)) {
      files =
          listing
              .filter(p -> p.getFileName().toString().endsWith(".json"))
              .filter(Files::isRegularFile)
              .sorted()
              .toList();
    } catch (IOException e) {
      throw new WorkflowDefinitionsInvalidException(
          List.of(new DefinitionError(folder.toString(), "$", "readable", "cannot list: " + e)));
    }
    Map<String, String> sources = new LinkedHashMap<>();
    List<DefinitionError> errors = new ArrayList<>();
    for (Path file : files) {
      try {
        sources.put(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
      } catch (IOException e) {
        errors.add(
            new DefinitionError(
                file.getFileName().toString(), "$", "readable", "cannot read: " + e.getMessage()));
      }
    }
    return parse(sources, errors);
  }

  /** Loads definitions from file names and their text; the folder form reads files into this. */
  public static WorkflowDefinitions parse(Map<String, String> sources) {
    return parse(sources, new ArrayList<>());
  }

  private static WorkflowDefinitions parse(
      Map<String, String> sources, List<DefinitionError> errors) {
    Map<String, WorkflowDefinitions.Loaded> byId = new LinkedHashMap<>();
    sources.forEach((file, text) -> {
      WorkflowDefinition definition = parseOne(file, text, errors);
      if (definition == null) {
        return;
      }
      WorkflowDefinitions.Loaded earlier = byId.get(definition.id());
      if (earlier != null) {
        errors.add(
            new DefinitionError(
                file,
                "$.id",
                "unique-workflow-id",
                "workflow '" + definition.id() + "' is already defined in " + earlier.file()));
        return;
      }
      byId.put(
          definition.id(),
          new WorkflowDefinitions.Loaded(definition, file, DefinitionHash.of(definition)));
    });
    if (!errors.isEmpty()) {
      throw new WorkflowDefinitionsInvalidException(errors);
    }
    return new WorkflowDefinitions(byId);
  }

  private static WorkflowDefinition parseOne(
      String file, String text, List<DefinitionError> errors) {
    JsonNode root;
    try {
      root = Json.read(text);
    } catch (JacksonException e) {
      errors.add(
          new DefinitionError(file, "$", "json", "not valid JSON: " + e.getOriginalMessage()));
      return null;
    }
    List<DefinitionError> found = new ArrayList<>(DefinitionSchema.check(file, root));
    if (found.isEmpty()) {
      found.addAll(DefinitionRules.check(file, root));
    }
    if (!found.isEmpty()) {
      errors.addAll(found);
      return null;
    }
    try {
      return Json.MAPPER.treeToValue(root, WorkflowDefinition.class);
    } catch (RuntimeException e) {
      // the rules above mirror the records' own checks; reaching this is a gap between them
      errors.add(new DefinitionError(file, "$", "model", e.getMessage()));
      return null;
    }
  }
}
