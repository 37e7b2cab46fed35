package io.kxm.hub.ops;

import static io.kxm.hub.ops.OpsFrames.kindOf;
import static io.kxm.hub.ops.OpsFrames.until;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.OpsHub;
import io.kxm.hub.support.SseStream;
import io.kxm.hub.support.TestHubs;
import io.kxm.hub.support.Workflows;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** A hub workflow run's start and stage moves show on the stream, without payload or evidence. */
class OpsWorkflowTest {
  private static final String MARKER = "payload-only-marker-51d2";

  @TempDir Path dir;

  @Test
  void a_started_run_and_its_stage_moves_show_as_workflow_entries_without_payload_or_evidence() {
    Workflows.define(dir.resolve("project/.kxm/webhooks"));
    try (OpsHub hub = OpsHub.start(dir, Workflows.secrets(), Clock.systemUTC());
        SseStream stream = hub.events(TestHubs.ADMIN, "")) {
      AgentClient lead = hub.agent("lead");
      Http.Response started =
          Workflows.start(
              hub.http,
              "d-1",
              "{\"version\":\"1.2.3\",\"note\":\"" + MARKER + "\"}",
              Instant.now());
      assertThat(started.status()).as(started.body()).isEqualTo(201);
      String runId = started.json().path("runId").asString();

      List<JsonNode> first = until(stream, kindOf("workflow.stage", "stage", "implement"));
      Http.Response checkpoint =
          lead.post(
              "/workflows/runs/" + runId + "/checkpoint",
              Json.write(
                  Map.of(
                      "stageId", "implement",
                      "status", "passed",
                      "summary", "done",
                      "evidence", Map.of("unit tests", "EVIDENCE-VALUE-93 passed"))));
      assertThat(checkpoint.status()).as(checkpoint.body()).isEqualTo(200);
      List<JsonNode> moved = until(stream, kindOf("workflow.stage", "stage", "review"));

      JsonNode run =
          first.stream().filter(OpsFrames.kind("workflow.run")).findFirst().orElseThrow();
      assertThat(run.path("runId").asString()).isEqualTo(runId);
      assertThat(run.path("workflowId").asString()).isEqualTo("release");
      assertThat(run.path("project").asString()).isEqualTo("alpha");
      assertThat(moved)
          .filteredOn(OpsFrames.kind("workflow.stage"))
          .extracting(e -> e.path("stage").asString() + ":" + e.path("status").asString())
          .containsSubsequence("implement:passed", "review:entered");
      JsonNode snapshot = hub.snapshot(TestHubs.ADMIN, "").json();
      assertThat(snapshot.path("workflowRuns").path(0).path("stage").asString())
          .isEqualTo("review");
      String everything = String.join("\n", stream.lines()) + snapshot;
      assertThat(everything).doesNotContain(MARKER).doesNotContain("EVIDENCE-VALUE-93");
    }
  }
}
