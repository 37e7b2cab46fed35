package io.kxm.session.api;

import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Everything a harness gets for one turn.
 *
 * @param history the session's durable history before this turn, oldest first
 * @param resumed answers to interactions of the interrupted run this turn continues, each {@code
 *     {"interactionId", "kind", "request", "answer"}}; empty for a fresh turn
 * @param sandboxed the turn's route ({@code sandbox: true} in routes.yaml) or, in a live drive, its
 *     agent's file asks for the sandbox: a harness that starts a process starts it inside {@link
 *     io.kxm.runtime.sandbox.Sandbox}, reaching only its model provider and the hub, or refuses
 *     with {@code sandbox_unavailable}
 * @param access what the agent may do to the workspace
 * @param stepEnvironment variables a workflow step adds to the harness's environment (the hub's URL
 *     and the fencing tokens of the step's leases); empty for a session's turn
 */
public record TurnInput(
    String sessionId,
    String runId,
    String workspaceRoot,
    String model,
    String prompt,
    List<SessionMessage> history,
    List<JsonNode> resumed,
    boolean sandboxed,
    WorkspaceAccess access,
    Map<String, String> stepEnvironment) {
  public TurnInput {
    history = List.copyOf(history);
    resumed = List.copyOf(resumed);
    access = access == null ? WorkspaceAccess.SESSION : access;
    stepEnvironment = stepEnvironment == null ? Map.of() : Map.copyOf(stepEnvironment);
  }

  /** A turn that adds nothing to the harness's environment. */
  public TurnInput(
      String sessionId,
      String runId,
      String workspaceRoot,
      String model,
      String prompt,
      List<SessionMessage> history,
      List<JsonNode> resumed,
      boolean sandboxed,
      WorkspaceAccess access) {
    this(sessionId, runId, workspaceRoot, model, prompt, history, resumed, sandboxed, access, null);
  }

  /** A session's turn, outside the sandbox. */
  public TurnInput(
      String sessionId,
      String runId,
      String workspaceRoot,
      String model,
      String prompt,
      List<SessionMessage> history,
      List<JsonNode> resumed) {
    this(sessionId, runId, workspaceRoot, model, prompt, history, resumed, false);
  }

  /** A session's turn, in the sandbox when its route asks for it. */
  public TurnInput(
      String sessionId,
      String runId,
      String workspaceRoot,
      String model,
      String prompt,
      List<SessionMessage> history,
      List<JsonNode> resumed,
      boolean sandboxed) {
    this(
        sessionId,
        runId,
        workspaceRoot,
        model,
        prompt,
        history,
        resumed,
        sandboxed,
        WorkspaceAccess.SESSION);
  }

  /** A workflow step's turn, outside the sandbox, with what the step may do to the workspace. */
  public TurnInput(
      String sessionId,
      String runId,
      String workspaceRoot,
      String model,
      String prompt,
      List<SessionMessage> history,
      List<JsonNode> resumed,
      WorkspaceAccess access) {
    this(sessionId, runId, workspaceRoot, model, prompt, history, resumed, false, access);
  }
}
