package io.kxm.runtime.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Who answers an agent step and on what, as the run's plan pinned it from the agent's file: the
 * harness (the agent's own, else the project's {@code defaultHarness}), the model, and for a {@code
 * command} harness the program to start. A live producer admits it against {@code .kxm/routes.yaml}
 * before every attempt and never runs another route in its place.
 *
 * @param harness null when neither the agent nor the project names one
 * @param command the argv of a {@code command} harness; empty for every other harness
 * @param role the agent's role, null when it names none
 * @param hubAgent the agent of the bound hub that answers this agent's attempts instead of a
 *     harness; null for agents that run a harness, and then left out of the pinned plan, so plans
 *     pin as they did before hand-offs existed
 * @param sandbox true when the agent's file asks for the sandbox ({@code sandbox: true}); null
 *     otherwise, and then left out of the pinned JSON, so plans pin as they did before it existed
 */
public record AgentRoute(
    String agentId,
    String harness,
    String model,
    List<String> command,
    String role,
    String purpose,
    @JsonInclude(JsonInclude.Include.NON_NULL) String hubAgent,
    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean sandbox) {
  public AgentRoute {
    command = command == null ? List.of() : List.copyOf(command);
    sandbox = Boolean.TRUE.equals(sandbox) ? Boolean.TRUE : null;
  }

  public AgentRoute(
      String agentId,
      String harness,
      String model,
      List<String> command,
      String role,
      String purpose) {
    this(agentId, harness, model, command, role, purpose, null, null);
  }

  /** The route of a bundle's agent, its harness already defaulted by the loader. */
  public static AgentRoute of(ProjectBundle.Agent agent) {
    return new AgentRoute(
        agent.id(),
        agent.harness(),
        agent.model(),
        agent.command(),
        agent.role(),
        agent.purpose(),
        agent.hubAgent(),
        agent.sandboxed());
  }

  /** Whether the agent's own file asks for the sandbox. */
  public boolean sandboxed() {
    return Boolean.TRUE.equals(sandbox);
  }
}
