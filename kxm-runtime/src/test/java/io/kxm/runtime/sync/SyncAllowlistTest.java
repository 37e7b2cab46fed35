package io.kxm.runtime.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.sync.SyncEvent;
import io.kxm.runtime.api.OutboxRow;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class SyncAllowlistTest {
  static final String HASH = "a".repeat(64);
  static final Instant AT = Instant.parse("2030-01-01T00:00:00Z");

  private static OutboxRow row(String runId, String type, String json) {
    return new OutboxRow(7, "0123456789abcdef01234567", runId, 3, type, AT, Json.read(json));
  }

  private static JsonNode data(String type, String json) {
    return SyncAllowlist.build(row("run-1", type, json), "alpha").data();
  }

  @Test
  void a_created_run_keeps_its_ids_status_and_hashes_and_leaves_prompt_paths_and_env_behind() {
    JsonNode data =
        data(
            "run.created",
            """
            {"workflowId": "ship", "status": "created", "promptHash": "%s",
             "prompt": "Refactor the billing module; the key is in /home/alice/.aws/credentials",
             "root": "/home/alice/work/billing", "env": {"AWS_SECRET_ACCESS_KEY": "abc"},
             "revisions": {"workflow": "%s", "config": "/home/alice/work/.kxm/config.yaml"},
             "counts": {"steps": 4, "gates": -1, "notes": "many"}}
            """
                .formatted(HASH, HASH));

    assertThat(data)
        .isEqualTo(
            Json.read(
                """
                {"workflowId": "ship", "status": "created", "promptHash": "%s",
                 "revisions": {"workflow": "%s"}, "counts": {"steps": 4}}
                """
                    .formatted(HASH, HASH)));
  }

  @Test
  void a_gate_keeps_exit_code_duration_and_output_hashes_but_never_its_output() {
    JsonNode data =
        data(
            "gate.failed",
            """
            {"stepId": "tests", "gateId": "unit", "exitCode": -9, "durationMs": 1200,
             "stdoutHash": "sha256:%s", "stdoutBytes": 5000, "stdout": "FAILED test_login",
             "command": "mvn -q test", "diff": "--- a/x\\n+++ b/x"}
            """
                .formatted(HASH));

    assertThat(data)
        .isEqualTo(
            Json.read(
                """
                {"stepId": "tests", "gateId": "unit", "exitCode": -9, "durationMs": 1200,
                 "stdoutHash": "sha256:%s", "stdoutBytes": 5000}
                """
                    .formatted(HASH)));
  }

  @Test
  void credential_shapes_in_admitted_fields_are_replaced() {
    JsonNode data =
        data(
            "step.started",
            """
            {"stepId": "ghp_abcdefghijklmnopqrstuvwxyz0123456789", "attemptId": "sk-proj-abcdefghijklmnop1234",
             "harness": "claude", "stepType": "agent"}
            """);

    assertThat(data.path("stepId").asString()).isEqualTo(Redaction.MARK);
    assertThat(data.path("attemptId").asString()).isEqualTo(Redaction.MARK);
    assertThat(data.path("harness").asString()).isEqualTo("claude");
  }

  @Test
  void absolute_paths_and_free_text_in_admitted_fields_are_dropped() {
    JsonNode data =
        data(
            "step.completed",
            """
            {"stepId": "/etc/passwd", "attemptId": "C:\\\\Users\\\\alice", "status": "completed ok",
             "stepType": "agent"}
            """);

    assertThat(data).isEqualTo(Json.read("{\"stepType\": \"agent\"}"));
  }

  @Test
  void an_unlisted_type_travels_without_data() {
    SyncEvent event =
        SyncAllowlist.build(
            row("run-1", "agent.transcript", "{\"text\": \"all of it\", \"status\": \"ok\"}"),
            "alpha");

    assertThat(event)
        .isEqualTo(new SyncEvent("alpha", "run-1", 3, "agent.transcript", AT, Json.object()));
  }

  @Test
  void a_row_whose_run_id_cannot_travel_is_refused_before_sending() {
    assertThatThrownBy(
            () -> SyncAllowlist.build(row("/home/alice/run", "run.created", "{}"), "alpha"))
        .isInstanceOf(KxmException.class)
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.SYNC_EVENT_INVALID);
  }
}
