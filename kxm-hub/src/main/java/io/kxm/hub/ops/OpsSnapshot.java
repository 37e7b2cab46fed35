package io.kxm.hub.ops;

import io.kxm.core.agent.Agent;
import io.kxm.core.json.Json;
import io.kxm.core.lease.Lease;
import io.kxm.core.peer.AgentInfo;
import io.kxm.core.reserve.Reservation;
import io.kxm.core.workflow.run.WorkflowRun;
import io.kxm.hub.agents.Presences;
import io.kxm.store.Store;
import io.kxm.store.ops.OpsEvent;
import io.kxm.store.sync.RuntimeRun;
import io.kxm.store.workflow.StoredRun;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The current state behind the operations stream, for a client that then follows it from {@code
 * seq}: the last number is read first, so anything that changes meanwhile is both in the state and
 * on the stream, never in neither. Metadata only, like the stream.
 */
final class OpsSnapshot {
  static final int MESSAGES = 200;
  static final int RUNTIME_RUNS = 100;
  static final int WORKFLOW_RUNS = 100;

  private final Store store;
  private final Presences presences;
  private final Clock clock;

  OpsSnapshot(Store store, Presences presences, Clock clock) {
    this.store = store;
    this.presences = presences;
    this.clock = clock;
  }

  Map<String, Object> of(OpsScope scope) {
    long seq = store.opsEvents().lastSeq();
    List<String> projects = scope.all() ? store.agents().projects() : List.of(scope.project());
    Instant now = clock.instant();
    List<Object> agents = new ArrayList<>();
    List<Object> workflowRuns = new ArrayList<>();
    List<Object> runtimeRuns = new ArrayList<>();
    List<Object> leases = new ArrayList<>();
    List<Reservation> reservations = new ArrayList<>();
    for (String project : projects) {
      Map<String, String> names = new LinkedHashMap<>();
      for (Agent agent : store.agents().listByProject(project)) {
        names.put(agent.id(), agent.name());
        agents.add(agentView(presences.view(agent, now)));
      }
      store.workflowRuns().listByProject(project).stream()
          .map(StoredRun::run)
          .sorted(Comparator.comparing(WorkflowRun::updatedAt).reversed())
          .limit(WORKFLOW_RUNS)
          .forEach(run -> workflowRuns.add(runView(run)));
      for (RuntimeRun run : store.syncEvents().runs(project, RUNTIME_RUNS)) {
        runtimeRuns.add(runtimeView(run));
      }
      for (Lease lease : store.leases().liveIn(project)) {
        leases.add(leaseView(lease, names));
      }
      reservations.addAll(store.read(tx -> tx.reservations().live(project)));
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("seq", seq);
    body.put("at", now.toString());
    body.put("agents", agents);
    body.put("messages", messages(scope));
    body.put("workflowRuns", workflowRuns);
    body.put("runtimeRuns", runtimeRuns);
    body.put("leases", leases);
    body.put("reservations", reservations);
    return body;
  }

  /** The newest state of each recent request, from the log's message entries, newest first. */
  private List<Object> messages(OpsScope scope) {
    Map<String, ObjectNode> byId = new LinkedHashMap<>();
    for (OpsEvent event : store.opsEvents().latest(scope.project(), "message.", MESSAGES)) {
      JsonNode envelope = Json.read(event.envelopeJson());
      String id = envelope.path("messageId").asString("");
      ObjectNode row = byId.get(id);
      if (row == null) {
        row = Json.MAPPER.createObjectNode();
        row.put("messageId", id);
        row.put("project", event.project());
        row.put("from", envelope.path("from").asString(""));
        row.put("to", envelope.path("to").asString(""));
        row.put("status", envelope.path("status").asString(""));
        row.put("lastKind", event.kind());
        row.put("updatedAt", event.at().toString());
        row.put("seq", event.seq());
        byId.put(id, row);
      }
      // Entries come newest first: the request's size is on its sent entry, the reply's on its own.
      if (event.kind().equals(MessageOps.SENT)) {
        row.put("bytes", envelope.path("bytes").asLong());
        row.put("sentAt", event.at().toString());
      } else if (event.kind().equals(MessageOps.REPLIED)) {
        row.put("replyBytes", envelope.path("bytes").asLong());
      }
    }
    return new ArrayList<>(byId.values());
  }

  private static Map<String, Object> agentView(AgentInfo info) {
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("agentId", info.id());
    view.put("name", info.name());
    view.put("project", info.project());
    view.put("purpose", info.purpose() == null ? "" : info.purpose());
    view.put("presence", info.presence().wire());
    view.put("lastSeenAt", String.valueOf(info.lastSeenAt()));
    return view;
  }

  private static Map<String, Object> runView(WorkflowRun run) {
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("runId", run.id());
    view.put("project", run.project());
    view.put("workflowId", run.workflowId());
    view.put("status", run.status().wire());
    view.put("stage", run.currentStage() == null ? "" : run.currentStage());
    view.put("coordinator", run.coordinator() == null ? "" : run.coordinator());
    view.put("updatedAt", String.valueOf(run.updatedAt()));
    return view;
  }

  private static Map<String, Object> runtimeView(RuntimeRun run) {
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("runId", run.runId());
    view.put("project", run.project());
    view.put("workflowId", run.workflowId() == null ? "" : run.workflowId());
    view.put("status", run.status());
    view.put("events", run.events());
    view.put("updatedAt", String.valueOf(run.updatedAt()));
    return view;
  }

  private static Map<String, Object> leaseView(Lease lease, Map<String, String> names) {
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("project", lease.project());
    view.put("resource", lease.resource());
    view.put("holderId", lease.holder());
    view.put("holder", names.getOrDefault(lease.holder(), ""));
    view.put("fencingToken", lease.fencingToken());
    view.put("acquiredAt", lease.acquiredAt().toString());
    view.put("expiresAt", lease.expiresAt().toString());
    return view;
  }
}
