package io.kxm.hub.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import io.kxm.hub.support.WorkflowHub;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** What time and operators do to runs: prompt expiry, retention, a degraded quorum. */
class WorkflowHousekeepingTest {
  @TempDir Path dir;
  WorkflowHub hub;
  AgentClient lead;

  @BeforeEach
  void start() {
    hub = new WorkflowHub(dir);
    lead = hub.agent("lead");
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  @Test
  void a_coordinator_prompt_that_expires_while_the_run_is_running_fails_the_run() {
    String runId = hub.startRun("expiry-1");

    hub.clock.tick(Duration.ofHours(25));

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> hub.run(lead, runId).path("status").asString().equals("failed"));
    assertThat(hub.run(lead, runId).path("failure").toString()).contains("prompt_expired");
  }

  @Test
  void a_finished_run_and_its_journal_are_purged_after_the_retention_window() {
    String runId = hub.startRun("purge-1");
    Http.Response recorded =
        lead.post(
            "/workflows/runs/" + runId + "/record",
            Json.write(Map.of("category", "observation", "area", "workflow", "summary", "noted")));
    assertThat(recorded.status()).as(recorded.body()).isEqualTo(201);
    String prompt = lead.inbox().json().path("messages").get(0).path("id").asString();
    lead.reply(prompt, "early");
    assertThat(hub.run(lead, runId).path("status").asString()).isEqualTo("failed");

    hub.clock.tick(Duration.ofDays(8));

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> lead.get("/workflows/runs/" + runId).status() == 404);
    assertThat(lead.get("/workflows/runs/" + runId).errorCode()).isEqualTo("workflow_not_found");
  }

  @Test
  void an_admin_lowers_a_quorum_for_one_attempt_and_the_journal_says_so() {
    AgentClient alice = hub.agent("alice");
    String runId = hub.startRun("degrade-1");
    checkpoint(runId, "implement", Map.of("evidence", Map.of("unit tests", "ok")));
    String asked =
        lead.post(
                "/fanout",
                Json.write(
                    Map.of(
                        "targets", List.of("alice"),
                        "content", "review?",
                        "workflowContext",
                            Map.of(
                                "runId",
                                runId,
                                "stageId",
                                "review",
                                "requirementKey",
                                "review",
                                "attempt",
                                1))))
            .json()
            .path("responses")
            .get(0)
            .path("messageId")
            .asString();
    alice.reply(asked, "approve");
    Map<String, Object> refs =
        Map.of("evidenceRefs", Map.of("review", Map.of("messageIds", List.of(asked))));
    Http.Response short1 = checkpoint(runId, "review", refs);
    assertThat(short1.errorCode()).as(short1.body()).isEqualTo("workflow_evidence_incomplete");

    Map<String, Object> degrade =
        Map.of(
            "stageId", "review", "requirementKey", "review", "quorum", 1, "reason", "bob is out");
    Http.Response byProject =
        hub.http.postJson(
            "/v1/workflows/runs/" + runId + "/degrade", TestHubs.ALPHA, Json.write(degrade));
    Http.Response byAdmin =
        hub.http.postJson(
            "/v1/workflows/runs/" + runId + "/degrade", TestHubs.ADMIN, Json.write(degrade));
    Http.Response passed = checkpoint(runId, "review", refs);

    assertThat(byProject.status()).isEqualTo(403);
    assertThat(byAdmin.status()).as(byAdmin.body()).isEqualTo(200);
    assertThat(passed.status()).as(passed.body()).isEqualTo(200);
    assertThat(passed.json().path("run").path("currentStage").asString()).isEqualTo("ci");
    JsonNode journal = lead.get("/workflows/runs/" + runId).json().path("journal");
    assertThat(journal.findValuesAsString("summary"))
        .anySatisfy(s -> assertThat(s).contains("lowered from 2 to 1"));
  }

  private Http.Response checkpoint(String runId, String stage, Map<String, ?> more) {
    Map<String, Object> body =
        new java.util.LinkedHashMap<>(
            Map.of("stageId", stage, "status", "passed", "summary", "did " + stage));
    body.putAll(more);
    return lead.post("/workflows/runs/" + runId + "/checkpoint", Json.write(body));
  }
}
