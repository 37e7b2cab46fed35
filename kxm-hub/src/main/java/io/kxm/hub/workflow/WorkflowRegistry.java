package io.kxm.hub.workflow;

import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.definition.DefinitionLoader;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinitions;
import io.kxm.core.workflow.signature.WorkflowSecrets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The definitions loaded at start and the secrets each one names. Both are checked before the hub
 * binds: an invalid definition or a missing secret stops the start, so a misconfigured workflow
 * never fails its first real webhook instead. Secrets stay in memory only.
 */
final class WorkflowRegistry {
  private final WorkflowDefinitions definitions;
  private final Map<String, WorkflowSecrets> secrets;
  private final UnaryOperator<String> env;

  private WorkflowRegistry(
      WorkflowDefinitions definitions,
      Map<String, WorkflowSecrets> secrets,
      UnaryOperator<String> env) {
    this.definitions = definitions;
    this.secrets = Map.copyOf(secrets);
    this.env = env;
  }

  /**
   * @throws io.kxm.core.workflow.definition.WorkflowDefinitionsInvalidException listing every
   *     problem of every file
   * @throws KxmException {@code WORKFLOW_SECRET_MISSING} naming the first unset variable
   */
  static WorkflowRegistry load(Path folder, UnaryOperator<String> env) {
    WorkflowDefinitions definitions = DefinitionLoader.load(folder);
    Map<String, WorkflowSecrets> secrets = new LinkedHashMap<>();
    for (WorkflowDefinitions.Loaded loaded : definitions.all()) {
      secrets.put(loaded.definition().id(), WorkflowSecrets.resolve(loaded.definition(), env));
    }
    return new WorkflowRegistry(definitions, secrets, env);
  }

  /** The loaded definition of {@code workflowId}, if the hub has one. */
  Optional<WorkflowDefinition> find(String workflowId) {
    return definitions.find(workflowId).map(WorkflowDefinitions.Loaded::definition);
  }

  /**
   * The secrets of a run's pinned definition. A workflow removed from the folder since its run
   * started still signs with the variables its definition named, read now.
   */
  WorkflowSecrets secretsFor(WorkflowDefinition definition) {
    WorkflowSecrets loaded = secrets.get(definition.id());
    return loaded != null ? loaded : WorkflowSecrets.resolve(definition, env);
  }

  int size() {
    return definitions.size();
  }
}
