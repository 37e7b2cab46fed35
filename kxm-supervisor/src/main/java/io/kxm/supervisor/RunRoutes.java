package io.kxm.supervisor;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.RunSummary;
import io.kxm.supervisor.HostedProjects.Hosted;
import java.io.IOException;
import java.util.Map;

/**
 * The run API under {@code /v1/runs}: a session run id ({@code srun_…}) goes to the session routes;
 * any other goes to the project that holds the workflow run, found by id across the hosted
 * projects. Bodies have been checked as JSON objects before a handler runs.
 */
final class RunRoutes {
  private final HostedProjects projects;
  private final SessionRoutes sessions;
  private final SupervisorLog log;

  RunRoutes(HostedProjects projects, SessionRoutes sessions, SupervisorLog log) {
    this.projects = projects;
    this.sessions = sessions;
    this.log = log;
  }

  void install(RoutesConfig routes) {
    routes.post("/v1/runs", this::create);
    routes.get("/v1/runs", this::list);
    routes.get("/v1/runs/{id}", this::show);
    routes.post("/v1/runs/{id}/drive", this::drive);
    routes.get("/v1/runs/{id}/receipt", this::receipt);
    routes.get("/v1/runs/{id}/verify", this::verify);
    routes.post("/v1/runs/{id}/cancel", this::cancel);
    routes.post("/v1/runs/{id}/interactions/{iid}/resolve", this::resolve);
    routes.post("/v1/runs/{id}/recover", this::recover);
    routes.post("/v1/runs/{id}/clean", this::clean);
    routes.get("/v1/runs/{id}/events", this::events);
  }

  private void show(Context ctx) {
    String id = ctx.pathParam("id");
    if (SessionRoutes.owns(id)) {
      sessions.run(ctx, id);
      return;
    }
    ctx.json(run(ctx).runs().status(id(ctx)));
  }

  private void verify(Context ctx) {
    String id = ctx.pathParam("id");
    if (SessionRoutes.owns(id)) {
      sessions.verify(ctx, id);
      return;
    }
    ctx.json(run(ctx).runs().verify(id(ctx)));
  }

  private void events(Context ctx) throws IOException {
    String id = ctx.pathParam("id");
    if (!SessionRoutes.owns(id)) {
      throw new KxmException(
          ErrorCode.NOT_FOUND,
          "only session runs (ids starting with " + SessionRoutes.RUN_PREFIX + ") have a stream",
          "Follow a workflow run with 'kxm runs status'.");
    }
    sessions.runEvents(ctx, id);
  }

  private void create(Context ctx) {
    var body = SupervisorApp.body(ctx, "projectRoot", "workflow", "prompt", "allowDirty");
    Hosted project = projects.forRoot(RunBodies.projectRoot(body));
    RunSummary run =
        project
            .runs()
            .create(RunBodies.workflow(body), RunBodies.prompt(body), RunBodies.allowDirty(body));
    projects.recordRun(run.runId(), project.entry());
    log.info(
        "run.created",
        Map.of(
            "runId", run.runId(),
            "workflow", run.workflowId(),
            "projectKey", project.entry().projectKey(),
            "dirty", run.config() != null && run.config().dirty()));
    ctx.status(201).json(run);
  }

  private void list(Context ctx) {
    String root = ctx.queryParam("projectRoot");
    if (root == null) {
      throw new KxmException(
          ErrorCode.PROJECT_ROOT_INVALID, "the query parameter projectRoot is required");
    }
    Hosted project = projects.forRoot(root);
    ctx.json(
        Map.of(
            "runs",
            project.runs().list(),
            "sessionRuns",
            sessions.runsUnder(project.entry().canonicalRoot())));
  }

  private void drive(Context ctx) {
    boolean simulated = RunBodies.simulated(SupervisorApp.body(ctx, "simulated"));
    String id = id(ctx);
    Hosted project = run(ctx);
    log.info("run.drive_started", Map.of("runId", id, "simulated", simulated));
    var result = project.runs().drive(id, simulated);
    log.info(
        "run.drive_stopped",
        Map.of("runId", id, "outcome", result.outcome(), "status", result.run().run().status()));
    ctx.json(result);
  }

  private void receipt(Context ctx) {
    String id = id(ctx);
    ctx.json(
        run(ctx)
            .runs()
            .receipt(id)
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.RUN_HAS_NO_RECEIPT, "the run " + id + " has no receipt yet")));
  }

  private void cancel(Context ctx) {
    if (SessionRoutes.owns(ctx.pathParam("id"))) {
      sessions.cancel(ctx, ctx.pathParam("id"));
      return;
    }
    SupervisorApp.body(ctx);
    String id = id(ctx);
    var detail = run(ctx).runs().cancel(id);
    log.info("run.cancelled", Map.of("runId", id, "status", detail.run().status()));
    ctx.json(detail);
  }

  private void resolve(Context ctx) {
    if (SessionRoutes.owns(ctx.pathParam("id"))) {
      sessions.resolve(ctx, ctx.pathParam("id"), ctx.pathParam("iid"));
      return;
    }
    var resolution = RunBodies.resolution(SupervisorApp.body(ctx, RunBodies.RESOLUTION_FIELDS));
    String id = id(ctx);
    String interaction = ctx.pathParam("iid");
    HostedProjects.requireRunId(interaction);
    var detail = run(ctx).runs().resolve(id, interaction, resolution);
    log.info(
        "run.interaction_resolved",
        Map.of("runId", id, "interactionId", interaction, "approved", resolution.approved()));
    ctx.json(detail);
  }

  private void recover(Context ctx) {
    var body = SupervisorApp.body(ctx, "action", "reason");
    var action = RunBodies.action(body);
    String id = id(ctx);
    var detail = run(ctx).runs().recover(id, action, RunBodies.reason(body));
    log.info("run.recovered", Map.of("runId", id, "action", action.wire()));
    ctx.json(detail);
  }

  private void clean(Context ctx) {
    SupervisorApp.body(ctx);
    String id = id(ctx);
    var detail = run(ctx).runs().clean(id);
    log.info("run.cleaned", Map.of("runId", id, "status", detail.run().status()));
    ctx.json(detail);
  }

  /** The project of a workflow run; session runs never reach here but for workflow-only calls. */
  private Hosted run(Context ctx) {
    String id = id(ctx);
    if (SessionRoutes.owns(id)) {
      throw new KxmException(
          ErrorCode.NOT_FOUND,
          id + " is a session run; " + ctx.path() + " exists for workflow runs only",
          "A session run has GET, cancel, interactions/{id}/resolve, events and verify.");
    }
    return projects.forRun(id);
  }

  private static String id(Context ctx) {
    String id = ctx.pathParam("id");
    HostedProjects.requireRunId(id);
    return id;
  }
}
