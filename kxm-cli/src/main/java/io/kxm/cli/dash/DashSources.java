package io.kxm.cli.dash;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.HubLocation;
import io.kxm.cli.run.ProjectRoot;
import io.kxm.cli.run.RunRef;
import io.kxm.cli.run.Runs;
import io.kxm.cli.runtime.BackgroundRuntime;
import io.kxm.cli.runtime.RunningSupervisor;
import io.kxm.cli.session.SessionApi;
import io.kxm.client.HubHttp;
import io.kxm.client.ops.OpsClient;
import io.kxm.client.ops.OpsFollower;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.session.interaction.InteractionAnswer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads a {@link DashSnapshot}: the hub's operations snapshot ({@link OpsClient}) with the token
 * ({@code KXM_AUTH_TOKEN}: the admin token sees every project, a project token its own), and the
 * runs of this project on the supervisor that answers now (none is started). Also performs the
 * actions the keys ask for, through the same routes as the commands that do them.
 */
final class DashSources implements AutoCloseable {
  static final String TOKEN = "KXM_AUTH_TOKEN";
  // a read that takes longer than this leaves the screen on its last reading, saying so
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(3);
  // the newest sessions whose runs are shown
  private static final int SESSIONS = 20;
  // how many ended session runs are read in full per reading, for their spend
  private static final int DETAILS = 30;
  private static final Set<String> SESSION_ENDED =
      Set.of("completed", "failed", "cancelled", "interrupted");

  private final CliContext context;
  private final String project;
  private final String projectRoot;
  private final HubHttp hub;
  private final OpsClient ops;

  DashSources(CliContext context, String project) {
    this.context = context;
    this.project = project;
    this.projectRoot = ProjectRoot.of(context).toString();
    String token = context.env().get(TOKEN);
    this.hub =
        token == null || token.isBlank()
            ? null
            : new HubHttp(HubLocation.resolve(context).url(), token.strip());
    this.ops = hub == null ? null : new OpsClient(hub);
  }

  /**
   * Follows the hub's operations stream after {@code afterSeq}, calling {@code onChange} for each
   * entry; null when the hub is not read.
   */
  OpsFollower follow(long afterSeq, Runnable onChange) {
    return ops == null ? null : ops.follow(project, afterSeq, entry -> onChange.run());
  }

  DashSnapshot read() {
    List<String> problems = new ArrayList<>();
    JsonNode state = Json.object();
    if (hub == null) {
      problems.add("hub: not read; set " + TOKEN + " to the admin token or a project token");
    } else {
      try {
        state = ops.snapshot(project);
      } catch (KxmException e) {
        problems.add("hub: " + e.code().code() + ": " + e.getMessage());
      }
    }
    Optional<RunningSupervisor> supervisor = supervisor();
    List<JsonNode> runs = new ArrayList<>();
    List<JsonNode> waiting = new ArrayList<>();
    List<JsonNode> spend = new ArrayList<>();
    if (supervisor.isEmpty()) {
      problems.add("supervisor: none runs on this machine (start one with kxm runtime start)");
    } else {
      try {
        supervisorRows(runs, waiting, spend);
      } catch (KxmException e) {
        problems.add("supervisor: " + e.code().code() + ": " + e.getMessage());
      }
    }
    return new DashSnapshot(
        hub == null ? null : hub.base().toString(),
        supervisor.map(RunningSupervisor::url).orElse(null),
        state.path("seq").asLong(0),
        list(state.path("agents")),
        list(state.path("messages")),
        list(state.path("workflowRuns")),
        runs,
        waiting,
        spend,
        list(state.path("reservations")),
        problems);
  }

  private Optional<RunningSupervisor> supervisor() {
    return RunningSupervisor.find(BackgroundRuntime.paths(context), context.env());
  }

  private void supervisorRows(List<JsonNode> runs, List<JsonNode> waiting, List<JsonNode> spend) {
    Optional<Runs> client = Runs.running(context, READ_TIMEOUT);
    Optional<SessionApi> sessions = SessionApi.running(context, READ_TIMEOUT);
    if (client.isEmpty() || sessions.isEmpty()) {
      return;
    }
    // runtime runs belong to a project with a .kxm/; elsewhere there are only session runs
    if (Files.isDirectory(Path.of(projectRoot).resolve(".kxm"))) {
      runtimeRows(client.get(), runs, waiting);
    }
    int details = DETAILS;
    for (JsonNode session : sessions.get().list(SESSIONS).path("sessions")) {
      JsonNode shown = sessions.get().show(DashRow.t(session, "id"));
      for (JsonNode run : shown.path("runs")) {
        boolean open = !SESSION_ENDED.contains(DashRow.t(run, "status"));
        // an open run is always read (it may wait on a person); ended ones while the budget lasts
        if (open || details > 0) {
          details--;
          sessionRow(client.get(), run, runs, waiting, spend);
        } else {
          runs.add(
              row(
                  DashRow.t(run, "id"),
                  "session " + DashRow.t(run, "sessionId"),
                  DashRow.t(run, "status")));
        }
      }
    }
  }

  private void runtimeRows(Runs client, List<JsonNode> runs, List<JsonNode> waiting) {
    for (JsonNode run : client.list(projectRoot).path("runs")) {
      String id = DashRow.t(run, "runId");
      runs.add(row(id, "workflow " + DashRow.t(run, "workflowId"), DashRow.t(run, "status")));
      if (!"waiting".equals(DashRow.t(run, "status"))) {
        continue;
      }
      for (JsonNode i : client.status(RunRef.onSupervisor(id)).path("interactions")) {
        if ("pending".equals(DashRow.t(i, "status"))) {
          waiting.add(
              waitingRow(
                  id,
                  DashRow.t(i, "interactionId"),
                  DashRow.t(i, "kind"),
                  DashRow.t(i, "question"),
                  DashRow.t(i, "stepId")));
        }
      }
    }
  }

  private static void sessionRow(
      Runs client,
      JsonNode run,
      List<JsonNode> runs,
      List<JsonNode> waiting,
      List<JsonNode> spend) {
    String id = DashRow.t(run, "id");
    String status = DashRow.t(run, "status");
    runs.add(row(id, "session " + DashRow.t(run, "sessionId"), status));
    JsonNode detail = client.status(RunRef.onSupervisor(id));
    JsonNode full = detail.path("run");
    if (full.path("usage").isObject() || full.path("spend").isObject()) {
      spend.add(spendRow(id, full));
    }
    for (JsonNode i : detail.path("interactions")) {
      if ("pending".equals(DashRow.t(i, "status"))) {
        JsonNode request = i.path("request");
        String asked =
            request.hasNonNull("tool")
                ? "tool " + DashRow.t(request, "tool")
                : request.hasNonNull("question")
                    ? DashRow.t(request, "question")
                    : DashRow.t(request, "message");
        waiting.add(waitingRow(id, DashRow.t(i, "id"), DashRow.t(i, "kind"), asked, null));
      }
    }
  }

  private static JsonNode row(String runId, String what, String status) {
    ObjectNode n = Json.object();
    n.put("runId", runId);
    n.put("what", what);
    n.put("status", status);
    return n;
  }

  private static JsonNode waitingRow(
      String runId, String interactionId, String kind, String asked, String stepId) {
    ObjectNode n = Json.object();
    n.put("runId", runId);
    n.put("interactionId", interactionId);
    n.put("kind", kind);
    n.put("asked", asked);
    if (stepId != null && !stepId.isEmpty()) {
      n.put("stepId", stepId);
    }
    return n;
  }

  private static JsonNode spendRow(String runId, JsonNode run) {
    ObjectNode n = Json.object();
    n.put("runId", runId);
    JsonNode usage = run.path("usage");
    n.put("inputTokens", usage.path("inputTokens").asLong(0));
    n.put("outputTokens", usage.path("outputTokens").asLong(0));
    JsonNode cost = run.path("spend");
    n.put(
        "cost",
        cost.hasNonNull("amount")
            ? DashRow.t(cost, "amount") + " " + DashRow.t(cost, "currency")
            : "unknown");
    return n;
  }

  private static List<JsonNode> list(JsonNode array) {
    List<JsonNode> out = new ArrayList<>();
    array.forEach(out::add);
    return out;
  }

  /** Approves, denies or answers a waiting interaction, as {@code kxm runs approve} does. */
  JsonNode resolve(DashRow row, Boolean approved, String answer) {
    String by = context.env().getOrDefault("USER", "operator");
    return Runs.connectRunning(context, READ_TIMEOUT)
        .resolve(
            RunRef.onSupervisor(row.runId()),
            row.itemId(),
            approved == null
                ? new InteractionAnswer.Clarification(answer, by)
                : new InteractionAnswer.Approval(approved, answer, by));
  }

  /** Cancels a run of the supervisor, as {@code kxm runs cancel} does. */
  JsonNode cancel(DashRow row) {
    return Runs.connectRunning(context, READ_TIMEOUT).cancel(RunRef.onSupervisor(row.runId()));
  }

  @Override
  public void close() {
    if (hub != null) {
      hub.close();
    }
  }
}
