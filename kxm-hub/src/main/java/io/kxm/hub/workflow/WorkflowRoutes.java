package io.kxm.hub.workflow;

import io.javalin.http.Context;
import io.kxm.core.agent.Agent;
import io.kxm.hub.agents.AgentGuard;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.JsonBodies;
import java.util.Map;

/** The coordinator's workflow routes under {@code /v1/agents/{agentId}}; each proves the agent. */
final class WorkflowRoutes {
  private static final String RUNS = "/v1/agents/{agentId}/workflows/runs";
  private static final String RUN = RUNS + "/{runId}";

  private final CoordinatorRuns runs;
  private final AgentGuard guard;

  WorkflowRoutes(CoordinatorRuns runs, AgentGuard guard) {
    this.runs = runs;
    this.guard = guard;
  }

  void install(HubRoutes routes) {
    routes
        .get(RUNS, Access.AUTHENTICATED, this::list)
        .get(RUN, Access.AUTHENTICATED, this::get)
        .post(RUN + "/checkpoint", Access.AUTHENTICATED, this::checkpoint)
        .post(RUN + "/wait", Access.AUTHENTICATED, this::await)
        .post(RUN + "/record", Access.AUTHENTICATED, this::record)
        .get(
            "/v1/agents/{agentId}/workflows/improvement-report",
            Access.AUTHENTICATED,
            this::report);
  }

  private void list(Context ctx) {
    ctx.json(Map.of("runs", runs.list(guard.require(ctx))));
  }

  private void get(Context ctx) {
    ctx.json(runs.get(guard.require(ctx), runId(ctx)));
  }

  private void checkpoint(Context ctx) {
    Agent caller = guard.require(ctx);
    WorkflowBodies.Checkpoint body = JsonBodies.read(ctx, WorkflowBodies.Checkpoint.class);
    ctx.json(runs.checkpoint(caller, body.command(runId(ctx), caller.name())));
  }

  private void await(Context ctx) {
    Agent caller = guard.require(ctx);
    WorkflowBodies.Wait body = JsonBodies.read(ctx, WorkflowBodies.Wait.class);
    ctx.json(runs.await(caller, body.command(runId(ctx), caller.name())));
  }

  private void record(Context ctx) {
    Agent caller = guard.require(ctx);
    WorkflowBodies.Record body = JsonBodies.read(ctx, WorkflowBodies.Record.class);
    ctx.status(201)
        .json(Map.of("entry", runs.record(caller, body.command(runId(ctx), caller.name()))));
  }

  private void report(Context ctx) {
    ctx.json(runs.improvementReport(guard.require(ctx)));
  }

  private static String runId(Context ctx) {
    return ctx.pathParam("runId");
  }
}
