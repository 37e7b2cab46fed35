package io.kxm.hub.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.WorkflowHub;
import io.kxm.hub.support.Workflows;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The webhook, signal and coordinator routes of a real hub, with a settable clock. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkflowRoutesTest {
  @TempDir static Path dir;
  WorkflowHub hub;
  AgentClient lead;
  AgentClient alice;
  int deliveries;

  @BeforeAll
  void start() {
    hub = new WorkflowHub(dir);
    lead = hub.agent("lead");
    alice = hub.agent("alice");
  }

  @AfterAll
  void stop() {
    hub.close();
  }

  private String delivery() {
    return "delivery-" + (++deliveries);
  }

  private static void refused(Http.Response response, int status, String code) {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    assertThat(response.errorCode()).isEqualTo(code);
  }

  private Http.Response checkpoint(String runId, String stage, String status, Map<String, ?> more) {
    Map<String, Object> body =
        new java.util.LinkedHashMap<>(
            Map.of("stageId", stage, "status", status, "summary", "did " + stage));
    body.putAll(more);
    return lead.post("/workflows/runs/" + runId + "/checkpoint", Json.write(body));
  }

  @Test
  void a_signed_webhook_creates_a_run_and_sends_the_coordinator_its_prompt() {
    String runId = hub.startRun(delivery());

    JsonNode run = hub.run(lead, runId);
    assertThat(run.path("status").asString()).isEqualTo("running");
    assertThat(run.path("currentStage").asString()).isEqualTo("implement");
    JsonNode inbox = lead.inbox().json().path("messages");
    assertThat(inbox.findValuesAsString("content"))
        .anySatisfy(text -> assertThat(text).contains("Release version 1.2.3").contains(runId));
  }

  @Test
  void a_retried_delivery_id_signed_again_answers_with_the_original_run() {
    String id = delivery();
    String runId = hub.startRun(id);

    Http.Response again =
        Workflows.start(
            hub.http, id, "{\"version\":\"1.2.3\"}", hub.clock.instant().plusSeconds(1));

    assertThat(again.status()).as(again.body()).isEqualTo(200);
    assertThat(again.json().path("runId").asString()).isEqualTo(runId);
    assertThat(again.json().path("duplicate").asBoolean()).isTrue();
  }

  @Test
  void a_timestamp_outside_the_replay_window_is_signature_expired() {
    Http.Response late =
        Workflows.start(
            hub.http, delivery(), "{}", hub.clock.instant().minus(Duration.ofMinutes(10)));

    refused(late, 401, "signature_expired");
  }

  @Test
  void a_webhook_signed_with_another_secret_is_signature_invalid() {
    Http.Response forged =
        Workflows.start(
            hub.http, delivery(), "{}", "not-the-start-secret-0123456", hub.clock.instant());

    refused(forged, 401, "signature_invalid");
  }

  @Test
  void an_agent_other_than_the_coordinator_is_workflow_forbidden_naming_the_coordinator() {
    String runId = hub.startRun(delivery());

    Http.Response read = alice.get("/workflows/runs/" + runId);

    refused(read, 403, "workflow_forbidden");
    assertThat(read.json().path("error").path("message").asString()).contains("lead");
  }

  @Test
  void a_passed_checkpoint_without_its_evidence_lists_the_missing_requirements() {
    String runId = hub.startRun(delivery());

    Http.Response passed = checkpoint(runId, "implement", "passed", Map.of());

    refused(passed, 422, "workflow_evidence_incomplete");
    assertThat(passed.json().path("error").path("details").path("missingRequirements").toString())
        .contains("unit tests");
  }

  @Test
  void a_failed_attempt_asks_for_a_retry_and_a_passed_one_opens_the_next_stage() {
    String runId = hub.startRun(delivery());

    JsonNode failed = checkpoint(runId, "implement", "failed", Map.of()).json();
    assertThat(failed.path("retry").asBoolean()).as(failed.toString()).isTrue();
    JsonNode passed =
        checkpoint(runId, "implement", "passed", Map.of("evidence", Map.of("unit tests", "42 ok")))
            .json();

    assertThat(passed.path("run").path("currentStage").asString())
        .as(passed.toString())
        .isEqualTo("review");
  }

  @Test
  void a_cited_message_that_is_not_peer_evidence_of_the_run_is_workflow_provenance_invalid() {
    String runId = hub.startRun(delivery());
    checkpoint(runId, "implement", "passed", Map.of("evidence", Map.of("unit tests", "ok")));
    String plain = lead.sendOk("alice", "looks fine?");
    alice.reply(plain, "fine");

    Http.Response forged =
        checkpoint(
            runId,
            "review",
            "passed",
            Map.of("evidenceRefs", Map.of("review", Map.of("messageIds", List.of(plain)))));

    assertThat(forged.errorCode()).as(forged.body()).isEqualTo("workflow_provenance_invalid");
  }

  @Test
  void evidence_requests_are_checked_against_the_run_before_they_are_stored() {
    String runId = hub.startRun(delivery());
    Map<String, Object> context =
        Map.of("runId", runId, "stageId", "implement", "requirementKey", "review", "attempt", 1);

    Http.Response byPeer =
        alice.send(Map.of("target", "lead", "content", "x", "workflowContext", context));
    Http.Response wrongStage =
        lead.send(
            Map.of(
                "target",
                "alice",
                "content",
                "x",
                "workflowContext",
                Map.of(
                    "runId",
                    runId,
                    "stageId",
                    "review",
                    "requirementKey",
                    "review",
                    "attempt",
                    1)));
    Http.Response noPolicy =
        lead.send(Map.of("target", "alice", "content", "x", "workflowContext", context));

    refused(byPeer, 403, "workflow_context_forbidden");
    assertThat(wrongStage.errorCode()).isEqualTo("workflow_context_inactive");
    assertThat(noPolicy.errorCode()).isEqualTo("workflow_evidence_policy_missing");
  }

  @Test
  void a_coordinator_reply_while_the_run_is_running_fails_the_run() {
    String runId = hub.startRun(delivery());
    lead.reply(promptOf(runId), "done already");

    JsonNode run = hub.run(lead, runId);
    assertThat(run.path("status").asString()).isEqualTo("failed");
    assertThat(run.path("failure").toString()).contains("coordinator_replied_early");
  }

  @Test
  void a_wait_whose_deadline_passes_fails_the_run_and_tells_the_coordinator() {
    String runId = hub.startRun(delivery());
    Http.Response waited =
        lead.post(
            "/workflows/runs/" + runId + "/wait",
            Json.write(
                Map.of(
                    "stageId",
                    "implement",
                    "signalKey",
                    "ci-" + runId,
                    "summary",
                    "CI runs",
                    "timeoutMs",
                    5_000)));
    assertThat(waited.status()).as(waited.body()).isEqualTo(200);

    hub.clock.tick(Duration.ofSeconds(6));

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> hub.run(lead, runId).path("status").asString().equals("failed"));
    assertThat(lead.inbox().json().path("messages").findValuesAsString("content"))
        .anySatisfy(text -> assertThat(text).contains(runId).contains("ci-" + runId));
  }

  @Test
  void an_evidence_request_for_another_attempt_or_to_an_ineligible_producer_is_refused() {
    AgentClient mallory = hub.agent("mallory");
    String runId = hub.startRun(delivery());
    checkpoint(runId, "implement", "passed", Map.of("evidence", Map.of("unit tests", "ok")));

    Http.Response oldAttempt =
        lead.send(
            Map.of(
                "target",
                "alice",
                "content",
                "x",
                "workflowContext",
                Map.of(
                    "runId",
                    runId,
                    "stageId",
                    "review",
                    "requirementKey",
                    "review",
                    "attempt",
                    2)));
    Http.Response ineligible =
        lead.send(
            Map.of(
                "target",
                mallory.name,
                "content",
                "x",
                "workflowContext",
                Map.of(
                    "runId",
                    runId,
                    "stageId",
                    "review",
                    "requirementKey",
                    "review",
                    "attempt",
                    1)));

    assertThat(oldAttempt.errorCode()).isEqualTo("workflow_context_attempt_mismatch");
    assertThat(ineligible.errorCode()).isEqualTo("workflow_evidence_producer_forbidden");
  }

  @Test
  void an_evidence_request_to_an_eligible_producer_is_stamped_with_its_run() {
    String runId = hub.startRun(delivery());
    checkpoint(runId, "implement", "passed", Map.of("evidence", Map.of("unit tests", "ok")));
    Map<String, Object> context =
        Map.of("runId", runId, "stageId", "review", "requirementKey", "review", "attempt", 1);

    Http.Response sent =
        lead.post(
            "/fanout",
            Json.write(
                Map.of(
                    "targets",
                    List.of("alice"),
                    "content",
                    "review?",
                    "workflowContext",
                    context)));

    assertThat(sent.status()).as(sent.body()).isEqualTo(200);
    String id = sent.json().path("responses").get(0).path("messageId").asString();
    assertThat(alice.message(id).json().path("workflowContext").path("runId").asString())
        .isEqualTo(runId);
  }

  /** The coordinator's open request that names the run: its prompt. */
  private String promptOf(String runId) {
    for (JsonNode message : lead.inbox().json().path("messages")) {
      if (message.path("content").asString().contains(runId)) {
        return message.path("id").asString();
      }
    }
    throw new AssertionError("no prompt for " + runId);
  }
}
