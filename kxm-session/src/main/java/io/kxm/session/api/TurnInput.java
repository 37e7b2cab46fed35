package io.kxm.session.api;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Everything a harness gets for one turn.
 *
 * @param history the session's durable history before this turn, oldest first
 * @param resumed answers to interactions of the interrupted run this turn continues, each {@code
 *     {"interactionId", "kind", "request", "answer"}}; empty for a fresh turn
 * @param access what the agent may do to the workspace
 */
public record TurnInput(
    String sessionId,
    String runId,
    String workspaceRoot,
    String model,
    String prompt,
    List<Message> history,
    List<JsonNode> resumed,
    WorkspaceAccess access) {
  public TurnInput {
    history = List.copyOf(history);
    resumed = List.copyOf(resumed);
    access = access == null ? WorkspaceAccess.SESSION : access;
  }

  /** A session's turn. */
  public TurnInput(
      String sessionId,
      String runId,
      String workspaceRoot,
      String model,
      String prompt,
      List<Message> history,
      List<JsonNode> resumed) {
    this(sessionId, runId, workspaceRoot, model, prompt, history, resumed, WorkspaceAccess.SESSION);
  }
}
