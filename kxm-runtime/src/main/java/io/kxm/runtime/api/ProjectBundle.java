package io.kxm.runtime.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A validated {@code .kxm/} tree as the runtime reads it: the typed view a run is created and
 * driven from. Built only from a tree that {@code ConfigLoader} accepted.
 *
 * @param maxConcurrentRuns {@code limits.maxConcurrentRuns}, 1 when unset
 */
public record ProjectBundle(
    Path projectRoot,
    String name,
    String defaultHarness,
    int maxConcurrentRuns,
    Map<String, Agent> agents,
    Map<String, Workflow> workflows,
    Map<String, Gate> gates) {

  public ProjectBundle {
    agents = Map.copyOf(agents);
    workflows = Map.copyOf(workflows);
    gates = Map.copyOf(gates);
  }

  public Optional<Workflow> workflow(String id) {
    return Optional.ofNullable(workflows.get(id));
  }

  /**
   * An agent file: its route and purpose. {@code harness} falls back to the project default.
   *
   * @param role the role it plays, null when the file names none
   * @param command the program and arguments of a {@code command} harness; empty otherwise
   * @param hubAgent the bound hub's agent that answers for this one ({@code hubAgent:}); null when
   *     the agent runs a harness
   * @param sandboxed whether its harness runs inside the sandbox ({@code sandbox: true})
   */
  public record Agent(
      String id,
      String harness,
      String model,
      String purpose,
      String role,
      List<String> command,
      String hubAgent,
      boolean sandboxed) {
    public Agent {
      command = command == null ? List.of() : List.copyOf(command);
    }

    public Agent(
        String id,
        String harness,
        String model,
        String purpose,
        String role,
        List<String> command) {
      this(id, harness, model, purpose, role, command, null, false);
    }

    public Agent(String id, String harness, String model, String purpose) {
      this(id, harness, model, purpose, null, List.of());
    }
  }

  /**
   * A {@code kxm.workflow.v1} workflow with its steps in order.
   *
   * @param resources the shared resources its steps take fenced leases on, by name
   */
  public record Workflow(
      String id,
      String description,
      String coordinator,
      List<Step> steps,
      Map<String, Resource> resources) {
    public Workflow {
      steps = List.copyOf(steps);
      resources = resources == null ? Map.of() : Map.copyOf(resources);
    }

    public Workflow(String id, String description, String coordinator, List<Step> steps) {
      this(id, description, coordinator, steps, Map.of());
    }
  }

  /**
   * A shared resource a workflow declares: a lease on it, on the bound hub, lasts {@code ttl} and
   * is renewed every third of it while a step that uses it runs.
   */
  public record Resource(String name, String description, Duration ttl) {
    public static final Duration DEFAULT_TTL = Duration.ofSeconds(30);

    public Resource {
      ttl = ttl == null ? DEFAULT_TTL : ttl;
    }
  }

  /**
   * One step. Which fields are set depends on {@code type}: {@code agent} has agent and prompt;
   * {@code moa} has agents, aggregator and prompt; {@code gate} has gate; {@code approval} and
   * {@code wait} may have a prompt (the question) and allowed agents.
   *
   * @param timeout the step's timeout, null when the workflow sets none
   * @param writes whether the step's agent may change files (in the run's worktree)
   * @param uses the workflow's resources the step holds a lease on while it runs
   */
  public record Step(
      String id,
      String type,
      String agent,
      List<String> agents,
      String aggregator,
      String gate,
      String prompt,
      Duration timeout,
      List<String> allowedAgents,
      boolean writes,
      List<String> uses) {
    public Step {
      agents = agents == null ? List.of() : List.copyOf(agents);
      allowedAgents = allowedAgents == null ? List.of() : List.copyOf(allowedAgents);
      uses = uses == null ? List.of() : List.copyOf(uses);
    }

    public Step(
        String id,
        String type,
        String agent,
        List<String> agents,
        String aggregator,
        String gate,
        String prompt,
        Duration timeout,
        List<String> allowedAgents,
        boolean writes) {
      this(id, type, agent, agents, aggregator, gate, prompt, timeout, allowedAgents, writes, null);
    }

    public Step(
        String id,
        String type,
        String agent,
        List<String> agents,
        String aggregator,
        String gate,
        String prompt,
        Duration timeout,
        List<String> allowedAgents) {
      this(id, type, agent, agents, aggregator, gate, prompt, timeout, allowedAgents, false);
    }
  }

  /**
   * A {@code gates.yaml} entry.
   *
   * @param sandboxed whether its command runs inside the sandbox ({@code sandbox: true})
   */
  public record Gate(
      String id, String description, List<String> argv, Duration timeout, boolean sandboxed) {
    public Gate {
      argv = List.copyOf(argv);
    }

    /** An entry whose command runs outside the sandbox. */
    public Gate(String id, String description, List<String> argv, Duration timeout) {
      this(id, description, argv, timeout, false);
    }
  }
}
