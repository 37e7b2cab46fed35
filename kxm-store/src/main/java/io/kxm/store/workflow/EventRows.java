package io.kxm.store.workflow;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.workflow.run.WorkflowRunEvent;
import io.kxm.store.jdbc.Jdbc;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Writes and reads history records: one row per record, its JSON in {@code data}. */
final class EventRows {
  private EventRows() {}

  static void insert(Jdbc jdbc, String runId, int firstSeq, List<WorkflowRunEvent> events) {
    String sql =
        "INSERT INTO workflow_run_events (run_id, seq, type, at, data) VALUES (?, ?, ?, ?, "
            + jdbc.jsonParam()
            + ")";
    int seq = firstSeq;
    for (WorkflowRunEvent event : events) {
      JsonNode json = Json.MAPPER.valueToTree(event);
      jdbc.update(sql, runId, seq++, json.path("type").asString(), event.at(), Json.write(json));
    }
  }

  static List<WorkflowRunEvent> forRun(Jdbc jdbc, String runId) {
    return jdbc.about("read the history of run " + runId)
        .list(
            "SELECT data FROM workflow_run_events WHERE run_id = ? ORDER BY seq",
            row -> parse(runId, row.string("data")),
            runId);
  }

  /** Histories of every run {@code runFilter} selects, by run ID, each in order. */
  static Map<String, List<WorkflowRunEvent>> forRuns(
      Jdbc jdbc, String runFilter, Object... params) {
    Map<String, List<WorkflowRunEvent>> histories = new LinkedHashMap<>();
    jdbc.list(
            "SELECT run_id, data FROM workflow_run_events WHERE run_id IN (SELECT id FROM"
                + " workflow_runs WHERE "
                + runFilter
                + ") ORDER BY run_id, seq",
            row -> Map.entry(row.string("run_id"), row.string("data")),
            params)
        .forEach(e ->
            histories
                .computeIfAbsent(e.getKey(), k -> new ArrayList<>())
                .add(parse(e.getKey(), e.getValue())));
    return histories;
  }

  private static WorkflowRunEvent parse(String runId, String data) {
    try {
      return Json.read(data, WorkflowRunEvent.class);
    } catch (RuntimeException e) {
      throw new KxmException(
          ErrorCode.STORE_CORRUPT, "a history record of run " + runId + " does not parse", e);
    }
  }
}
