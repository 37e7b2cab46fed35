package io.kxm.hub.workflow;

import io.kxm.core.agent.Agent;
import io.kxm.core.json.InputJson;
import io.kxm.core.json.Json;
import io.kxm.core.workflow.WorkflowOperations;
import java.util.Map;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * The workflow port of one agent in process, for its MCP session: the same bodies and answers as
 * its HTTP routes, without HTTP. The agent is read at each call, as a route proves it at each call.
 */
public final class LocalWorkflows implements WorkflowOperations {
  private final CoordinatorRuns runs;
  private final Supplier<Agent> caller;

  public LocalWorkflows(CoordinatorRuns runs, Supplier<Agent> caller) {
    this.runs = runs;
    this.caller = caller;
  }

  @Override
  public JsonNode runs() {
    return tree(Map.of("runs", runs.list(caller.get())));
  }

  @Override
  public JsonNode run(String runId) {
    return tree(runs.get(caller.get(), runId));
  }

  @Override
  public JsonNode checkpoint(String runId, JsonNode body) {
    Agent agent = caller.get();
    WorkflowBodies.Checkpoint read = InputJson.convert(body, WorkflowBodies.Checkpoint.class);
    return tree(runs.checkpoint(agent, read.command(runId, agent.name())));
  }

  @Override
  public JsonNode record(String runId, JsonNode body) {
    Agent agent = caller.get();
    WorkflowBodies.Record read = InputJson.convert(body, WorkflowBodies.Record.class);
    return tree(Map.of("entry", runs.record(agent, read.command(runId, agent.name()))));
  }

  @Override
  public JsonNode waitFor(String runId, JsonNode body) {
    Agent agent = caller.get();
    WorkflowBodies.Wait read = InputJson.convert(body, WorkflowBodies.Wait.class);
    return tree(runs.await(agent, read.command(runId, agent.name())));
  }

  @Override
  public JsonNode improvementReport() {
    return tree(runs.improvementReport(caller.get()));
  }

  private static JsonNode tree(Object value) {
    return Json.MAPPER.valueToTree(value);
  }
}
