package io.kxm.runtime.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Redactor;
import io.kxm.core.sync.SyncEvent;
import io.kxm.runtime.api.ConfigPin;
import io.kxm.runtime.api.OutboxRow;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.run.AttemptResult;
import io.kxm.runtime.run.AttemptStatus;
import io.kxm.runtime.run.EventCodec;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StepStatus;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class SyncAllowlistTest {
  static final String HASH = "a".repeat(64);
  static final Instant AT = Instant.parse("2030-01-01T00:00:00Z");
  static final String PROMPT = "Refactor billing; the key sits in /home/alice/.aws/credentials";

  private static OutboxRow row(String runId, String type, JsonNode data) {
    return new OutboxRow(7, "0123456789abcdef01234567", runId, 3, type, AT, data);
  }

  private static JsonNode synced(RunEvent event) {
    return SyncAllowlist.build(row("run-1", event.type(), EventCodec.encode(event)), "alpha")
        .data();
  }

  private static JsonNode json(String text) {
    return Json.read(text.replace('\'', '"'));
  }

  @Test
  void a_created_run_sends_its_workflow_hashes_and_status() {
    JsonNode data =
        synced(
            new RunEvent.RunCreated(
                "ship",
                HASH,
                new Revisions(HASH, HASH, "/home/alice/.kxm/routes.yaml", HASH),
                ConfigPin.committed("c0ffee")));

    assertThat(data)
        .isEqualTo(
            json(
                ("{'workflowId': 'ship', 'promptSha256': 'H', 'status': 'created', 'revisions':"
                        + " {'bundle': 'H', 'memory': 'H', 'toolPolicy': 'H'}}")
                    .replace("H", HASH)));
  }

  @Test
  void a_moved_run_sends_its_new_status_and_a_reason_code_but_no_reason_text() {
    assertThat(synced(new RunEvent.RunMoved(RunStatus.BLOCKED_UNCERTAIN, "gate_start_failed")))
        .isEqualTo(json("{'status': 'blocked_uncertain', 'reason': 'gate_start_failed'}"));
    assertThat(synced(new RunEvent.RunMoved(RunStatus.FAILED, PROMPT)))
        .isEqualTo(json("{'status': 'failed'}"));
  }

  @Test
  void a_pinned_plan_sends_its_hash_and_step_ids_and_types() {
    JsonNode data =
        synced(
            new RunEvent.PlanPinned(
                HASH,
                List.of(
                    new RunEvent.PlannedStep("plan", "agent"),
                    new RunEvent.PlannedStep("/tmp/x", "gate"))));

    assertThat(data)
        .isEqualTo(
            json(
                "{'planSha256': '"
                    + HASH
                    + "', 'steps': [{'stepId': 'plan', 'stepType': 'agent'}, {'stepType': 'gate'}]}"));
  }

  @Test
  void answers_questions_details_and_capability_hashes_stay_on_the_machine() {
    assertThat(synced(new RunEvent.AnswerRecorded("plan", "as-1", "at-1", "claude", PROMPT)))
        .isEqualTo(
            json(
                "{'stepId': 'plan', 'assignmentId': 'as-1', 'attemptId': 'at-1', 'agentId': 'claude'}"));
    assertThat(synced(new RunEvent.InteractionOpened("i-1", "review", "approval", PROMPT, "lead")))
        .isEqualTo(
            json(
                "{'interactionId': 'i-1', 'stepId': 'review', 'kind': 'approval', 'targetAgent': 'lead'}"));
    assertThat(synced(new RunEvent.InteractionResolved("i-1", true, PROMPT, "alice@example.com")))
        .isEqualTo(json("{'interactionId': 'i-1', 'approved': true}"));
    assertThat(
            synced(
                new RunEvent.AttemptMoved(
                    "at-1",
                    "as-1",
                    "plan",
                    AttemptStatus.TERMINAL,
                    AttemptResult.OUTCOME,
                    HASH,
                    PROMPT)))
        .isEqualTo(
            json(
                "{'attemptId': 'at-1', 'assignmentId': 'as-1', 'stepId': 'plan', 'to': 'terminal',"
                    + " 'result': 'outcome'}"));
    assertThat(synced(new RunEvent.StepMoved("plan", StepStatus.FAILED, PROMPT)))
        .isEqualTo(json("{'stepId': 'plan', 'to': 'failed'}"));
  }

  @Test
  void a_gate_sends_its_outcome_exit_code_and_evidence_hash() {
    assertThat(
            synced(new RunEvent.GateObserved("tests", "at-2", "unit", "ob-1", "exited", -9, HASH)))
        .isEqualTo(
            json(
                "{'stepId': 'tests', 'attemptId': 'at-2', 'gateId': 'unit', 'observationId': 'ob-1',"
                    + " 'outcome': 'exited', 'exitCode': -9, 'evidenceSha256': '"
                    + HASH
                    + "'}"));
  }

  @Test
  void credential_shapes_in_admitted_fields_are_replaced() {
    JsonNode data =
        synced(
            new RunEvent.AssignmentMoved(
                "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
                "plan",
                "sk-proj-abcdefghijklmnop1234",
                io.kxm.runtime.run.AssignmentStatus.DISPATCHED));

    assertThat(data.path("assignmentId").asString()).isEqualTo(Redactor.MASK);
    assertThat(data.path("agentId").asString()).isEqualTo(Redactor.MASK);
    assertThat(data.path("stepId").asString()).isEqualTo("plan");
  }

  @Test
  void absolute_paths_in_admitted_fields_are_dropped() {
    JsonNode data =
        synced(
            new RunEvent.GateObserved(
                "/etc/passwd", "C:\\Users\\alice", "unit", "ob", "exited", 0, HASH));

    assertThat(data.has("stepId")).isFalse();
    assertThat(data.has("attemptId")).isFalse();
    assertThat(data.path("gateId").asString()).isEqualTo("unit");
  }

  @Test
  void an_unlisted_type_travels_without_data() {
    SyncEvent event =
        SyncAllowlist.build(
            row("run-1", "agent.transcript", json("{'text': 'all of it', 'status': 'ok'}")),
            "alpha");

    assertThat(event)
        .isEqualTo(new SyncEvent("alpha", "run-1", 3, "agent.transcript", AT, Json.object()));
  }

  @Test
  void a_row_whose_run_id_cannot_travel_is_refused_before_sending() {
    assertThatThrownBy(() ->
            SyncAllowlist.build(row("/home/alice/run", "run.created", Json.object()), "alpha"))
        .isInstanceOf(KxmException.class)
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.SYNC_EVENT_INVALID);
  }
}
