package io.kxm.core.workflow.definition;

import io.kxm.core.check.Require;
import io.kxm.core.workflow.WorkflowLimits;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A webhook workflow as its JSON file declares it. Secrets never enter this model: only the names
 * of the environment variables that hold them do, so the model can be hashed and stored.
 *
 * @param id the workflow ID, unique across the hub; webhooks post to {@code /v1/webhooks/{id}}
 * @param project the project every run belongs to
 * @param coordinator the agent name that receives the prompt and drives the stages
 * @param promptTemplate the prompt text, with {@code {{payload.field}}} placeholders
 * @param secretEnv environment variable holding the start secret
 * @param signalSecretEnv environment variable holding the signal secret; null uses the start secret
 * @param allowUntimestampedSignatures accept signatures over the raw body alone, for senders that
 *     cannot sign a timestamp; off by default
 * @param replayWindowSeconds how far a signed timestamp may be from the hub's clock; default 300
 * @param maxTransitions transitions a run may take in total; default 20
 */
public record WorkflowDefinition(
    String id,
    String project,
    String coordinator,
    String promptTemplate,
    String secretEnv,
    String signalSecretEnv,
    Boolean allowUntimestampedSignatures,
    Integer replayWindowSeconds,
    Integer maxTransitions,
    List<StageDefinition> stages) {

  public WorkflowDefinition {
    Require.label(id, "workflow id", WorkflowLimits.ID_MAX);
    Require.label(project, "project", WorkflowLimits.ID_MAX);
    Require.label(coordinator, "coordinator", WorkflowLimits.ID_MAX);
    Require.text(promptTemplate, "promptTemplate", WorkflowLimits.PROMPT_MAX);
    Require.label(secretEnv, "secretEnv", WorkflowLimits.ID_MAX);
    signalSecretEnv = signalSecretEnv == null ? secretEnv : signalSecretEnv;
    allowUntimestampedSignatures = Boolean.TRUE.equals(allowUntimestampedSignatures);
    replayWindowSeconds =
        replayWindowSeconds == null
            ? (int) WorkflowLimits.REPLAY_WINDOW_DEFAULT.toSeconds()
            : replayWindowSeconds;
    if (replayWindowSeconds < 1
        || replayWindowSeconds > WorkflowLimits.REPLAY_WINDOW_MAX.toSeconds()) {
      throw new IllegalArgumentException("replayWindowSeconds must be 1 to 3600");
    }
    maxTransitions = maxTransitions == null ? WorkflowLimits.TRANSITIONS_DEFAULT : maxTransitions;
    if (maxTransitions < 0) {
      throw new IllegalArgumentException("maxTransitions must not be negative");
    }
    stages = List.copyOf(Require.present(stages, "stages"));
    if (stages.isEmpty()) {
      throw new IllegalArgumentException("workflow " + id + " has no stages");
    }
    Set<String> ids = new HashSet<>();
    for (StageDefinition stage : stages) {
      if (!ids.add(stage.id())) {
        throw new IllegalArgumentException("workflow " + id + " repeats stage " + stage.id());
      }
    }
    for (StageDefinition stage : stages) {
      stage.peerEvidence().values().stream()
          .filter(policy -> policy.eligible(coordinator))
          .forEach(policy -> {
            throw new IllegalArgumentException(
                "stage " + stage.id() + " names the coordinator as a peer producer");
          });
      stage.on().values().stream()
          .filter(edge -> !ids.contains(edge.to()))
          .forEach(edge -> {
            throw new IllegalArgumentException(
                "stage " + stage.id() + " routes to unknown stage " + edge.to());
          });
    }
  }

  public Duration replayWindow() {
    return Duration.ofSeconds(replayWindowSeconds);
  }

  public Optional<StageDefinition> stage(String stageId) {
    return stages.stream().filter(s -> s.id().equals(stageId)).findFirst();
  }

  /** The stage after {@code stageId} in declared order; empty after the last. */
  public Optional<StageDefinition> after(String stageId) {
    for (int i = 0; i < stages.size() - 1; i++) {
      if (stages.get(i).id().equals(stageId)) {
        return Optional.of(stages.get(i + 1));
      }
    }
    return Optional.empty();
  }

  public StageDefinition firstStage() {
    return stages.getFirst();
  }
}
