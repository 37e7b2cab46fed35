package io.kxm.cli.hub.runtime;

import io.kxm.cli.runtime.SupervisorClient;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads that gather over several supervisor calls: the project's workflow runs with the user's
 * session runs, and every interaction still waiting for a person, in one list.
 */
final class Pending {
  /** Workflow run states in which an interaction may still be answered. */
  private static final Set<String> OPEN_RUN =
      Set.of("created", "queued", "preparing", "running", "waiting", "retry_pending");

  private static final Set<String> OPEN_SESSION_RUN = Set.of("queued", "running");

  private Pending() {}

  /**
   * {@code {"runs": [workflow runs of the project], "sessionRuns": [runs of every session]}}; a
   * project without {@code .kxm/} has no workflow runs.
   */
  static ObjectNode runs(SupervisorClient client, Path root) {
    ObjectNode answer = Json.object();
    answer.set("runs", workflowRuns(client, root));
    ArrayNode sessionRuns = answer.putArray("sessionRuns");
    for (JsonNode session : client.get("/v1/sessions?limit=50").path("sessions")) {
      String id = session.path("id").asString();
      for (JsonNode run : client.get("/v1/sessions/" + id).path("runs")) {
        ObjectNode row = ((ObjectNode) run).deepCopy();
        row.remove("prompt");
        row.remove("finalMessage");
        row.put("harness", session.path("harness").path("type").asString());
        sessionRuns.add(row);
      }
    }
    return answer;
  }

  /** {@code {"interactions": [...]}}, each with its run, kind, what it asks and its source. */
  static ObjectNode interactions(SupervisorClient client, Path root) {
    ObjectNode answer = Json.object();
    ArrayNode list = answer.putArray("interactions");
    for (JsonNode run : workflowRuns(client, root)) {
      if (!OPEN_RUN.contains(run.path("status").asString())) {
        continue;
      }
      String runId = run.path("runId").asString();
      JsonNode detail = client.get("/v1/runs/" + SupervisorClient.segment(runId));
      for (JsonNode i : detail.path("interactions")) {
        if (i.path("status").asString().equals("pending")) {
          ObjectNode row = list.addObject();
          row.put("source", "workflow")
              .put("runId", runId)
              .put("workflow", run.path("workflowId").asString())
              .put("interactionId", i.path("interactionId").asString())
              .put("stepId", i.path("stepId").asString())
              .put("kind", i.path("kind").asString())
              .put("question", i.path("question").asString(null));
        }
      }
    }
    for (JsonNode session : client.get("/v1/sessions?limit=50").path("sessions")) {
      String sessionId = session.path("id").asString();
      for (JsonNode run : client.get("/v1/sessions/" + sessionId).path("runs")) {
        if (!OPEN_SESSION_RUN.contains(run.path("status").asString())) {
          continue;
        }
        String runId = run.path("id").asString();
        for (JsonNode i : client.get("/v1/runs/" + runId).path("interactions")) {
          if (i.path("status").asString().equals("pending")) {
            ObjectNode row = list.addObject();
            row.put("source", "session")
                .put("runId", runId)
                .put("sessionId", sessionId)
                .put("interactionId", i.path("id").asString())
                .put("kind", i.path("kind").asString());
            row.set("request", i.path("request"));
          }
        }
      }
    }
    return answer;
  }

  private static JsonNode workflowRuns(SupervisorClient client, Path root) {
    if (!Files.isDirectory(root.resolve(".kxm"))) {
      return Json.MAPPER.createArrayNode();
    }
    try {
      return client
          .get("/v1/runs?projectRoot=" + SupervisorClient.segment(root.toString()))
          .path("runs");
    } catch (KxmException e) {
      if (e.code() == ErrorCode.CONFIG_NOT_FOUND) {
        return Json.MAPPER.createArrayNode();
      }
      throw e;
    }
  }
}
