package io.kxm.core.workflow.definition;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The definitions the hub loaded, by workflow ID, each with its {@code definitionHash}. */
public final class WorkflowDefinitions {
  private final Map<String, Loaded> byId;

  /**
   * One loaded definition.
   *
   * @param file the file it came from
   * @param hash its secret-free {@code definitionHash}
   */
  public record Loaded(WorkflowDefinition definition, String file, String hash) {}

  WorkflowDefinitions(Map<String, Loaded> byId) {
    this.byId = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byId));
  }

  public static WorkflowDefinitions empty() {
    return new WorkflowDefinitions(Map.of());
  }

  public Optional<Loaded> find(String workflowId) {
    return Optional.ofNullable(byId.get(workflowId));
  }

  public Collection<Loaded> all() {
    return byId.values();
  }

  public int size() {
    return byId.size();
  }
}
