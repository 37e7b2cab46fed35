package io.kxm.core.workflow.definition;

import io.kxm.core.workflow.EvidenceKeys;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The rules a JSON Schema cannot state: references between stages, policies that match
 * requirements, quorums the producers can meet. Runs only on schema-valid input, so shapes and
 * types are already right.
 */
final class DefinitionRules {
  private DefinitionRules() {}

  static List<DefinitionError> check(String file, JsonNode root) {
    List<DefinitionError> errors = new ArrayList<>();
    String coordinator = root.path("coordinator").asString().toLowerCase(Locale.ROOT);
    for (String name : PromptTemplate.unknownPlaceholders(root.path("promptTemplate").asString())) {
      errors.add(
          new DefinitionError(
              file,
              "$.promptTemplate",
              "template",
              "unknown placeholder {{"
                  + name
                  + "}}; use payload.<field>, run.id, workflow.id or"
                  + " project"));
    }
    Set<String> stageIds = new HashSet<>();
    JsonNode stages = root.path("stages");
    for (int i = 0; i < stages.size(); i++) {
      if (!stageIds.add(stages.get(i).path("id").asString())) {
        errors.add(
            new DefinitionError(
                file, "$.stages[" + i + "].id", "unique-stage-id", "repeats an earlier stage id"));
      }
    }
    for (int i = 0; i < stages.size(); i++) {
      stage(file, "$.stages[" + i + "]", stages.get(i), stageIds, coordinator, errors);
    }
    return errors;
  }

  private static void stage(
      String file,
      String at,
      JsonNode stage,
      Set<String> stageIds,
      String coordinator,
      List<DefinitionError> errors) {
    Set<String> required = new HashSet<>();
    JsonNode evidence = stage.path("requiredEvidence");
    for (int j = 0; j < evidence.size(); j++) {
      if (!required.add(EvidenceKeys.normalize(evidence.get(j).asString()))) {
        errors.add(
            new DefinitionError(
                file,
                at + ".requiredEvidence[" + j + "]",
                "unique-evidence-key",
                "repeats another key once trimmed, whitespace-folded and lower-cased"));
      }
    }
    int maxAttempts = stage.path("maxAttempts").asInt();
    if (stage.has("autoResumeLimit") && stage.path("autoResumeLimit").asInt() >= maxAttempts) {
      errors.add(
          new DefinitionError(
              file,
              at + ".autoResumeLimit",
              "below-max-attempts",
              "must be below maxAttempts (" + maxAttempts + ") or the stage never escalates"));
    }
    for (Map.Entry<String, JsonNode> edge : stage.path("on").properties()) {
      String to = edge.getValue().path("to").asString();
      if (!stageIds.contains(to)) {
        errors.add(
            new DefinitionError(
                file,
                at + ".on." + edge.getKey() + ".to",
                "known-stage",
                "names stage '" + to + "', which this workflow does not declare"));
      }
    }
    for (Map.Entry<String, JsonNode> policy : stage.path("peerEvidence").properties()) {
      policy(file, at + ".peerEvidence." + policy.getKey(), policy, required, coordinator, errors);
    }
  }

  private static void policy(
      String file,
      String at,
      Map.Entry<String, JsonNode> policy,
      Set<String> required,
      String coordinator,
      List<DefinitionError> errors) {
    if (!required.contains(EvidenceKeys.normalize(policy.getKey()))) {
      errors.add(
          new DefinitionError(
              file,
              at,
              "required-evidence",
              "'" + policy.getKey() + "' is not one of the stage's requiredEvidence keys"));
    }
    JsonNode producers = policy.getValue().path("producers");
    Set<String> distinct = new HashSet<>();
    for (int k = 0; k < producers.size(); k++) {
      String name = producers.get(k).asString().toLowerCase(Locale.ROOT);
      distinct.add(name);
      if (name.equals(coordinator)) {
        errors.add(
            new DefinitionError(
                file,
                at + ".producers[" + k + "]",
                "coordinator-not-producer",
                "the coordinator never counts toward its own quorum"));
      }
    }
    int quorum = policy.getValue().path("quorum").asInt();
    if (quorum > distinct.size()) {
      errors.add(
          new DefinitionError(
              file,
              at + ".quorum",
              "quorum-within-producers",
              "quorum " + quorum + " exceeds the " + distinct.size() + " distinct producers"));
    }
  }
}
