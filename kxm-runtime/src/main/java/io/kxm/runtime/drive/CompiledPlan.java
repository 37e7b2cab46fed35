package io.kxm.runtime.drive;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.CanonicalJson;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Tokens;
import io.kxm.runtime.api.AgentRoute;
import io.kxm.runtime.api.ProjectBundle;
import io.kxm.runtime.run.RunEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A workflow compiled into what a drive executes, with each gate's command resolved from {@code
 * gates.yaml} and each agent's route from its file. It is pinned as canonical JSON when the run
 * starts preparing, so the drive runs exactly what was pinned.
 *
 * @param agents the route of every agent the steps name, by agent id; empty in plans pinned before
 *     routes were part of the plan
 */
public record CompiledPlan(
    String workflowId, List<PlanStep> steps, Map<String, AgentRoute> agents) {
  static final Set<String> TYPES = Set.of("agent", "moa", "approval", "wait", "gate");

  public CompiledPlan {
    steps = List.copyOf(steps);
    agents = agents == null ? Map.of() : Map.copyOf(new TreeMap<>(agents));
  }

  /** The route of {@code agentId}; empty when the plan holds none for it. */
  public Optional<AgentRoute> route(String agentId) {
    return Optional.ofNullable(agents.get(agentId));
  }

  /**
   * One step, ready to run.
   *
   * @param timeoutMillis the step's timeout, null when unset
   * @param gateTimeoutMillis the gate's own timeout, null when unset
   * @param writes whether the step's agent (for {@code moa}, its aggregator) may change files
   * @param gateSandbox true when the gate runs in the sandbox; null otherwise, and then left out of
   *     the pinned JSON, so plans of gates without the sandbox pin as they did before it existed
   * @param uses the resources the step leases while it runs; left out of the pinned JSON when
   *     empty, so plans without resources pin as they did before resources existed
   */
  public record PlanStep(
      String id,
      String type,
      String agent,
      List<String> agents,
      String aggregator,
      String prompt,
      Long timeoutMillis,
      List<String> allowedAgents,
      String gateId,
      List<String> gateArgv,
      Long gateTimeoutMillis,
      boolean writes,
      @JsonInclude(JsonInclude.Include.NON_NULL) Boolean gateSandbox,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Use> uses) {
    public PlanStep {
      uses = uses == null ? List.of() : List.copyOf(uses);
      gateSandbox = Boolean.TRUE.equals(gateSandbox) ? Boolean.TRUE : null;
      agents = agents == null ? List.of() : List.copyOf(agents);
      allowedAgents = allowedAgents == null ? List.of() : List.copyOf(allowedAgents);
      gateArgv = gateArgv == null ? List.of() : List.copyOf(gateArgv);
    }
  }

  /**
   * A resource a step leases on the bound hub while it runs.
   *
   * @param ttlMillis how long each lease or renewal lasts
   */
  public record Use(String resource, long ttlMillis) {}

  /** Compiles a workflow of the bundle, refusing a step that cannot be executed as written. */
  public static CompiledPlan compile(ProjectBundle bundle, ProjectBundle.Workflow workflow) {
    List<PlanStep> out = new ArrayList<>();
    Map<String, AgentRoute> routes = new TreeMap<>();
    Set<String> seen = new HashSet<>();
    if (workflow.steps().isEmpty()) {
      throw invalid(workflow, "(none)", "a workflow needs at least one step");
    }
    for (ProjectBundle.Step s : workflow.steps()) {
      if (s.id() == null || s.id().isBlank() || !seen.add(s.id())) {
        throw invalid(workflow, String.valueOf(s.id()), "step ids must be present and unique");
      }
      if (!TYPES.contains(s.type())) {
        throw invalid(workflow, s.id(), "unknown step type '" + s.type() + "'");
      }
      List<String> argv = List.of();
      Long gateTimeout = null;
      Boolean sandbox = null;
      switch (s.type()) {
        case "agent" -> {
          require(workflow, s, s.agent() != null && !s.agent().isBlank(), "agent");
          route(bundle, workflow, s, s.agent(), routes);
        }
        case "moa" -> {
          require(workflow, s, !s.agents().isEmpty(), "agents");
          require(workflow, s, s.aggregator() != null && !s.aggregator().isBlank(), "aggregator");
          for (String agent : s.agents()) {
            route(bundle, workflow, s, agent, routes);
          }
          route(bundle, workflow, s, s.aggregator(), routes);
        }
        case "gate" -> {
          ProjectBundle.Gate gate = s.gate() == null ? null : bundle.gates().get(s.gate());
          if (gate == null) {
            throw invalid(workflow, s.id(), "gate '" + s.gate() + "' is not in gates.yaml");
          }
          argv = gate.argv();
          gateTimeout = millis(gate.timeout());
          sandbox = gate.sandboxed();
        }
        default -> {
          // approval and wait need nothing beyond an optional question and allowed agents
        }
      }
      out.add(
          new PlanStep(
              s.id(),
              s.type(),
              s.agent(),
              s.agents(),
              s.aggregator(),
              s.prompt(),
              millis(s.timeout()),
              s.allowedAgents(),
              s.gate(),
              argv,
              gateTimeout,
              s.writes(),
              sandbox,
              uses(workflow, s)));
    }
    return new CompiledPlan(workflow.id(), out, routes);
  }

  private static List<Use> uses(ProjectBundle.Workflow workflow, ProjectBundle.Step s) {
    List<Use> uses = new ArrayList<>();
    for (String name : s.uses()) {
      ProjectBundle.Resource resource = workflow.resources().get(name);
      if (resource == null) {
        throw invalid(workflow, s.id(), "resource '" + name + "' is not declared");
      }
      uses.add(new Use(name, resource.ttl().toMillis()));
    }
    return uses;
  }

  private static void route(
      ProjectBundle bundle,
      ProjectBundle.Workflow workflow,
      ProjectBundle.Step s,
      String agentId,
      Map<String, AgentRoute> routes) {
    ProjectBundle.Agent agent = bundle.agents().get(agentId);
    if (agent == null) {
      throw invalid(workflow, s.id(), "agent '" + agentId + "' is not under .kxm/agents/");
    }
    routes.put(agentId, AgentRoute.of(agent));
  }

  public static CompiledPlan read(String json) {
    return Json.read(json, CompiledPlan.class);
  }

  public String canonicalJson() {
    return CanonicalJson.text(Json.MAPPER.valueToTree(this));
  }

  public String sha256() {
    return Tokens.sha256Hex(canonicalJson());
  }

  public List<RunEvent.PlannedStep> planned() {
    return steps.stream().map(s -> new RunEvent.PlannedStep(s.id(), s.type())).toList();
  }

  private static Long millis(Duration d) {
    return d == null ? null : d.toMillis();
  }

  private static void require(
      ProjectBundle.Workflow workflow, ProjectBundle.Step s, boolean ok, String field) {
    if (!ok) {
      throw invalid(workflow, s.id(), "a " + s.type() + " step needs '" + field + "'");
    }
  }

  private static KxmException invalid(ProjectBundle.Workflow w, String step, String why) {
    return new KxmException(
        ErrorCode.RUN_PLAN_INVALID, "workflow " + w.id() + " step " + step + ": " + why);
  }
}
