package io.kxm.supervisor;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.Sessions;
import io.kxm.session.api.StreamKey;
import io.kxm.session.interaction.InteractionAnswer;
import io.kxm.session.stream.EventStream;
import io.kxm.session.stream.StreamCursor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The session API: {@code /v1/sessions/…} here, and the {@code /v1/runs/{srun}/…} calls that {@link
 * RunRoutes} hands over for session run ids. Bodies have been checked as JSON objects before a
 * handler runs; logs carry ids and codes, never prompts or answers.
 */
final class SessionRoutes {
  static final String RUN_PREFIX = "srun_";

  private final Sessions sessions;
  private final EventStream streams;
  private final Drain drain;
  private final SupervisorLog log;
  private final ServerWorkspace workspace;

  /**
   * @param workspace the one workspace a runtime server hosts; null for the per-user supervisor
   */
  SessionRoutes(
      Sessions sessions,
      EventStream streams,
      Drain drain,
      SupervisorLog log,
      ServerWorkspace workspace) {
    this.sessions = sessions;
    this.streams = streams;
    this.drain = drain;
    this.log = log;
    this.workspace = workspace;
  }

  /** Whether {@code runId} names a session run rather than a workflow run. */
  static boolean owns(String runId) {
    return runId != null && runId.startsWith(RUN_PREFIX);
  }

  void install(RoutesConfig routes) {
    routes.post("/v1/sessions", this::create);
    routes.get("/v1/sessions", this::list);
    routes.get("/v1/sessions/{id}", this::show);
    routes.get("/v1/sessions/{id}/messages", this::messages);
    routes.post("/v1/sessions/{id}/runs", this::submit);
    routes.get("/v1/sessions/{id}/events", this::sessionEvents);
    routes.post("/v1/sessions/{id}/close", this::close);
    routes.delete("/v1/sessions/{id}", this::delete);
  }

  private void close(Context ctx) {
    SupervisorApp.body(ctx);
    String id = sessionId(ctx);
    Session closed = sessions.close(id);
    log.info("session.closed", Map.of("sessionId", id));
    ObjectNode answer = Json.object();
    answer.set("session", SessionJson.session(closed));
    answer.setAll(SessionJson.listed("runs", sessions.runs(id), SessionJson::run));
    ctx.json(answer);
  }

  private void delete(Context ctx) {
    String id = sessionId(ctx);
    sessions.delete(id);
    log.info("session.deleted", Map.of("sessionId", id));
    ctx.status(204);
  }

  /**
   * The runs of the sessions whose workspace is {@code root} or a folder below it, oldest session
   * first, for the project's run list: the row of each, without its prompt or messages.
   */
  List<ObjectNode> runsUnder(Path root) {
    List<Session> inProject = new ArrayList<>();
    for (Session session : sessions.list(SessionBodies.MAX_LIMIT)) {
      if (Path.of(session.workspaceRoot()).toAbsolutePath().normalize().startsWith(root)) {
        inProject.addFirst(session);
      }
    }
    List<ObjectNode> runs = new ArrayList<>();
    for (Session session : inProject) {
      for (SessionRun run : sessions.runs(session.id())) {
        ObjectNode row = SessionJson.run(run);
        row.remove("prompt");
        row.remove("finalMessage");
        row.remove("error");
        runs.add(row);
      }
    }
    return runs;
  }

  private void create(Context ctx) {
    JsonNode body = SupervisorApp.body(ctx, "workspaceRoot", "harness", "model");
    String root = SessionBodies.workspaceRoot(body);
    if (workspace != null) {
      workspace.admitSessionRoot(root);
    }
    Session session = sessions.create(root, SessionBodies.harness(body), SessionBodies.model(body));
    log.info("session.created", Map.of("sessionId", session.id()));
    ctx.status(201).json(SessionJson.session(session));
  }

  private void list(Context ctx) {
    int limit = SessionBodies.limit(ctx.queryParam("limit"));
    ctx.json(SessionJson.listed("sessions", sessions.list(limit), SessionJson::session));
  }

  private void show(Context ctx) {
    String id = sessionId(ctx);
    ObjectNode answer = Json.object();
    answer.set(
        "session",
        SessionJson.session(sessions.session(id)).put("resident", sessions.isResident(id)));
    answer.setAll(SessionJson.listed("runs", sessions.runs(id), SessionJson::run));
    ctx.json(answer);
  }

  private void messages(Context ctx) {
    String id = sessionId(ctx);
    sessions.session(id);
    ctx.json(SessionJson.listed("messages", sessions.history(id), SessionJson::message));
  }

  private void submit(Context ctx) {
    String prompt = SessionBodies.prompt(SupervisorApp.body(ctx, "prompt"));
    String id = sessionId(ctx);
    SessionRun run = sessions.submit(id, prompt);
    log.info("session.run_queued", Map.of("sessionId", id, "runId", run.id()));
    ctx.status(201).json(SessionJson.run(run));
  }

  private void sessionEvents(Context ctx) throws IOException {
    long after = cursor(ctx);
    String id = sessionId(ctx);
    sessions.session(id);
    stream(ctx, StreamKey.session(id), id, after);
  }

  void run(Context ctx, String runId) {
    SessionBodies.runId(runId);
    ObjectNode answer = Json.object();
    SessionRun run = sessions.run(runId);
    ObjectNode shown = SessionJson.run(run);
    if (run.status().isTerminal()) {
      sessions.store().lastEvent(runId).ifPresent(end -> SessionJson.ending(shown, end.data()));
    }
    answer.set("run", shown);
    answer.setAll(
        SessionJson.listed("interactions", sessions.interactions(runId), SessionJson::interaction));
    ctx.json(answer);
  }

  void cancel(Context ctx, String runId) {
    SupervisorApp.body(ctx);
    SessionBodies.runId(runId);
    SessionRun run = sessions.cancel(runId);
    log.info("session.run_cancelled", Map.of("runId", runId, "status", run.status().wire()));
    ObjectNode answer = Json.object();
    answer.set("run", SessionJson.run(run));
    ctx.json(answer);
  }

  void resolve(Context ctx, String runId, String interactionId) {
    // Passed on as sent: the session service reads it against the interaction's kind.
    JsonNode answer = SupervisorApp.body(ctx, InteractionAnswer.FIELDS.toArray(String[]::new));
    SessionBodies.runId(runId);
    SessionBodies.interactionId(interactionId);
    Sessions.Resolved resolved = sessions.resolve(runId, interactionId, answer);
    log.info(
        "session.interaction_resolved",
        Map.of(
            "runId", runId,
            "interactionId", interactionId,
            "continuation", resolved.continuation() == null ? "" : resolved.continuation().id()));
    ObjectNode reply = Json.object();
    reply.set("interaction", SessionJson.interaction(resolved.interaction()));
    reply.set(
        "continuation",
        resolved.continuation() == null
            ? Json.MAPPER.nullNode()
            : SessionJson.run(resolved.continuation()));
    ctx.json(reply);
  }

  void runEvents(Context ctx, String runId) throws IOException {
    long after = cursor(ctx);
    SessionBodies.runId(runId);
    SessionRun run = sessions.run(runId);
    stream(ctx, StreamKey.run(runId), run.sessionId(), after);
  }

  /** The store refuses an unknown run itself, and reports one it holds no more but signed. */
  void verify(Context ctx, String runId) {
    SessionBodies.runId(runId);
    ctx.json(SessionJson.verification(sessions.store().verify(runId)));
  }

  /**
   * Checks come first, while a refusal can still be an error envelope; then the call leaves the
   * drain count, because a stream lasts as long as its client and must not hold a stop open. While
   * it streams, its session stays in memory: a watched session is not idle.
   */
  private void stream(Context ctx, StreamKey key, String sessionId, long after) throws IOException {
    long last = sessions.store().lastSeq();
    if (after > last) {
      // Following from a number the store has not reached would silently drop every event up to
      // it: the cursor came from another store or was made up.
      throw new KxmException(
          ErrorCode.INVALID_CURSOR, "cursor " + after + " is past the last stored event " + last);
    }
    drain.leave(ctx);
    EventStream.End end;
    Sessions.Hold held = sessions.hold(sessionId);
    try {
      end = streams.serve(key, after, StreamResponse.open(ctx));
    } finally {
      held.close();
    }
    if (end == EventStream.End.OVERFLOW) {
      log.info("stream.cut", Map.of("stream", key.id(), "reason", "buffer_overflow"));
    }
  }

  private static long cursor(Context ctx) {
    return StreamCursor.parse(ctx.header("Last-Event-ID"), ctx.queryParam("after"));
  }

  private static String sessionId(Context ctx) {
    return SessionBodies.sessionId(ctx.pathParam("id"));
  }
}
