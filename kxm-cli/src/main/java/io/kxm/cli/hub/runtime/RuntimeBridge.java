package io.kxm.cli.hub.runtime;

import io.javalin.http.Context;
import io.kxm.cli.runtime.SupervisorClient;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.JsonBodies;
import io.kxm.hub.lifecycle.DrainSignal;
import io.kxm.session.stream.StreamCursor;
import io.kxm.supervisor.SupervisorPaths;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The routes under {@code /v1/runtime/supervisor/}: the runtime supervisor's runs, sessions, events
 * and interactions, for the console, with the admin credential only (the runtime is the machine
 * user's, not a project's). Each call finds the supervisor afresh and answers {@code
 * runtime_unavailable} (503) when none runs. Workflow runs are those of the hub's project, the
 * folder the hub was started in; sessions are all of the user's.
 */
public final class RuntimeBridge implements HubFeature {
  private static final String BY = "console";

  private final Map<String, String> env;

  /**
   * @param env the hub's environment: {@code KXM_RUNTIME_TOKEN} (when the supervisor was started
   *     with one) and {@value ConsoleHarnesses#VARIABLE}
   */
  public RuntimeBridge(Map<String, String> env) {
    this.env = Map.copyOf(env);
  }

  @Override
  public void install(HubContext hub) {
    Path root = hub.config().project().root().toAbsolutePath().normalize();
    SupervisorAccess supervisor =
        new SupervisorAccess(SupervisorPaths.of(hub.config().state()), env);
    ConsoleHarnesses harnesses = ConsoleHarnesses.fromEnvironment(env, root);
    Handlers handlers = new Handlers(supervisor, harnesses, root, hub.drain());
    HubRoutes routes = hub.routes();
    routes
        .get("/v1/runtime/supervisor/status", Access.ADMIN, handlers::status)
        .get("/v1/runtime/supervisor/runs", Access.ADMIN, handlers::runs)
        .get("/v1/runtime/supervisor/runs/{id}", Access.ADMIN, handlers::run)
        .get("/v1/runtime/supervisor/runs/{id}/events", Access.ADMIN, handlers::runEvents)
        .post(
            "/v1/runtime/supervisor/runs/{id}/interactions/{iid}/resolve",
            Access.ADMIN,
            handlers::resolve)
        .get("/v1/runtime/supervisor/interactions", Access.ADMIN, handlers::interactions)
        .get("/v1/runtime/supervisor/harnesses", Access.ADMIN, handlers::harnesses)
        .get("/v1/runtime/supervisor/sessions", Access.ADMIN, handlers::sessions)
        .post("/v1/runtime/supervisor/sessions", Access.ADMIN, handlers::createSession)
        .get("/v1/runtime/supervisor/sessions/{id}", Access.ADMIN, handlers::session)
        .get("/v1/runtime/supervisor/sessions/{id}/events", Access.ADMIN, handlers::sessionEvents)
        .post("/v1/runtime/supervisor/sessions/{id}/runs", Access.ADMIN, handlers::prompt);
    StudioBridge studio = new StudioBridge(root, env);
    routes
        .get("/v1/runtime/studio/workflows", Access.ADMIN, studio::list)
        .get("/v1/runtime/studio/workflows/{name}", Access.ADMIN, studio::show)
        .post("/v1/runtime/studio/workflows/{name}/check", Access.ADMIN, studio::check)
        .post("/v1/runtime/studio/workflows/{name}/write", Access.ADMIN, studio::write);
  }

  private record Handlers(
      SupervisorAccess supervisor, ConsoleHarnesses harnesses, Path root, DrainSignal drain) {

    void status(Context ctx) {
      ObjectNode answer = Json.object().put("projectRoot", root.toString());
      try {
        supervisor.require();
        answer.put("supervisor", "running");
      } catch (KxmException e) {
        answer.put("supervisor", "stopped").put("hint", e.code().hint());
      }
      ctx.json(answer);
    }

    void runs(Context ctx) {
      ObjectNode answer = supervisor.call(client -> Pending.runs(client, root));
      ctx.json(answer.put("projectRoot", root.toString()));
    }

    void run(Context ctx) {
      String id = RuntimeInputs.runId(ctx.pathParam("id"));
      ctx.json(supervisor.call(client -> client.get("/v1/runs/" + SupervisorClient.segment(id))));
    }

    void runEvents(Context ctx) throws IOException {
      long after = cursor(ctx);
      String id = RuntimeInputs.runId(ctx.pathParam("id"));
      RuntimeRelay.relay(
          ctx,
          supervisor.require(),
          "/v1/runs/" + SupervisorClient.segment(id) + "/events",
          after,
          drain);
    }

    void resolve(Context ctx) {
      RuntimeInputs.Resolve body = JsonBodies.read(ctx, RuntimeInputs.Resolve.class);
      String id = RuntimeInputs.runId(ctx.pathParam("id"));
      String interaction = RuntimeInputs.interactionId(ctx.pathParam("iid"));
      JsonNode wire = body.wire(BY);
      ctx.json(
          supervisor.call(client ->
              client.post(
                  "/v1/runs/"
                      + SupervisorClient.segment(id)
                      + "/interactions/"
                      + SupervisorClient.segment(interaction)
                      + "/resolve",
                  wire)));
    }

    void interactions(Context ctx) {
      ctx.json(supervisor.call(client -> Pending.interactions(client, root)));
    }

    void harnesses(Context ctx) {
      ObjectNode answer = Json.object().put("projectRoot", root.toString());
      ArrayNode list = answer.putArray("harnesses");
      for (ConsoleHarnesses.Choice choice : harnesses.choices()) {
        list.addObject()
            .put("id", choice.id())
            .put("label", choice.label())
            .put("type", choice.type())
            .put("model", choice.model());
      }
      ctx.json(answer);
    }

    void sessions(Context ctx) {
      ctx.json(supervisor.call(client -> client.get("/v1/sessions?limit=50")));
    }

    void session(Context ctx) {
      String id = RuntimeInputs.sessionId(ctx.pathParam("id"));
      ctx.json(
          supervisor.call(client -> {
            ObjectNode shown = (ObjectNode) client.get("/v1/sessions/" + id);
            shown.set("messages", client.get("/v1/sessions/" + id + "/messages").get("messages"));
            return shown;
          }));
    }

    void createSession(Context ctx) {
      RuntimeInputs.NewSession body = JsonBodies.read(ctx, RuntimeInputs.NewSession.class);
      ConsoleHarnesses.Choice choice = harnesses.require(body.harness());
      Map<String, Object> harness = new LinkedHashMap<>();
      harness.put("type", choice.type());
      harness.put("argv", choice.argv());
      Map<String, Object> wire = new LinkedHashMap<>();
      wire.put("workspaceRoot", root.toString());
      wire.put("harness", harness);
      wire.put("model", choice.model());
      ctx.status(201).json(supervisor.call(client -> client.post("/v1/sessions", wire)));
    }

    void sessionEvents(Context ctx) throws IOException {
      long after = cursor(ctx);
      String id = RuntimeInputs.sessionId(ctx.pathParam("id"));
      RuntimeRelay.relay(ctx, supervisor.require(), "/v1/sessions/" + id + "/events", after, drain);
    }

    void prompt(Context ctx) {
      RuntimeInputs.Prompt body = JsonBodies.read(ctx, RuntimeInputs.Prompt.class);
      String id = RuntimeInputs.sessionId(ctx.pathParam("id"));
      ctx.status(201)
          .json(
              supervisor.call(client ->
                  client.post("/v1/sessions/" + id + "/runs", Map.of("prompt", body.prompt()))));
    }

    private static long cursor(Context ctx) {
      return StreamCursor.parse(ctx.header("Last-Event-ID"), ctx.queryParam("after"));
    }
  }
}
