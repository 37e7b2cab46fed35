package io.kxm.session.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessOutput.Delta;
import io.kxm.session.api.HarnessOutput.Final;
import io.kxm.session.api.HarnessOutput.ProtocolError;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.TurnInput;
import io.kxm.session.api.TurnOutcome;
import io.kxm.session.harness.HarnessFixture.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandHarnessTest {
  @TempDir Path workspace;
  HarnessFixture fixture;

  @BeforeEach
  void setUp() {
    fixture = new HarnessFixture(workspace);
  }

  @Test
  void echo_agent_turn_succeeds_with_its_outputs_in_the_order_written() throws Exception {
    Result result = HarnessFixture.run(fixture.echoHarness(), fixture.turn("hello there"));

    assertThat(result.outcome())
        .isEqualTo(new TurnOutcome(TurnOutcome.SUCCESS, 0, "echo: hello there", null));
    assertThat(result.outputs().seen)
        .map(output -> output.getClass().getSimpleName())
        .containsExactly("Delta", "Delta", "ToolCall", "ToolResult", "Usage", "Final");
    assertThat(result.outputs().of(Delta.class))
        .extracting(Delta::text)
        .containsExactly("hello ", "there ");
    assertThat(result.outputs().of(HarnessOutput.ToolCall.class).getFirst().call())
        .isEqualTo(
            Json.read(
                "{\"id\":\"call_1\",\"name\":\"echo\",\"input\":{\"text\":\"hello there\"}}"));
    assertThat(result.turn().pid()).isPositive();
    assertThat(result.turn().processStart()).isBefore(Instant.now().plusSeconds(1));
  }

  @Test
  void streamed_text_without_a_final_message_is_recovered() throws Exception {
    var harness =
        fixture.script(
            """
            import sys
            sys.stdin.readline()
            print('{"type":"delta","text":"par"}')
            print('{"type":"delta","text":"tial"}')
            """);

    Result result = HarnessFixture.run(harness, fixture.turn("go"));

    assertThat(result.outcome())
        .isEqualTo(new TurnOutcome(TurnOutcome.RECOVERED, 0, "partial", null));
    assertThat(result.outcome().succeeded()).isTrue();
  }

  @Test
  void exit_zero_without_text_tool_calls_or_usage_is_a_silent_failure() throws Exception {
    var harness =
        fixture.script(
            """
            import sys
            sys.stdin.readline()
            print('not even json')
            """);

    Result result = HarnessFixture.run(harness, fixture.turn("go"));

    assertThat(result.outcome())
        .isEqualTo(
            new TurnOutcome(TurnOutcome.SILENT_FAILURE, 0, null, TurnOutcomes.SILENT_FAILURE));
    assertThat(result.outcome().succeeded()).isFalse();
  }

  @Test
  void non_zero_exit_is_an_error_with_its_exit_code_even_after_a_final_message() throws Exception {
    var harness =
        fixture.script(
            """
            import sys
            sys.stdin.readline()
            print('{"type":"message","text":"done?"}')
            sys.stderr.write("boom\\n")
            sys.exit(3)
            """);

    Result result = HarnessFixture.run(harness, fixture.turn("go"));

    assertThat(result.outcome())
        .isEqualTo(new TurnOutcome(TurnOutcome.ERROR, 3, null, TurnOutcomes.HARNESS_EXIT_NONZERO));
    assertThat(result.turn().stderrTail()).isEqualTo("boom\n");
    assertThat(result.turn().diagnosis()).isEqualTo("stderr: boom");
  }

  @Test
  void error_line_fails_the_turn_although_the_process_exits_zero() throws Exception {
    var harness =
        fixture.script(
            """
            import sys
            sys.stdin.readline()
            print('{"type":"message","text":"half done"}')
            print('{"type":"error","message":"model refused: api_key=sk-abcdefghijklmnopqrstuvwx"}')
            """);

    Result result = HarnessFixture.run(harness, fixture.turn("go"));

    assertThat(result.outcome())
        .isEqualTo(
            new TurnOutcome(TurnOutcome.ERROR, 0, null, TurnOutcomes.HARNESS_REPORTED_ERROR));
    assertThat(result.turn().reportedError())
        .startsWith("model refused")
        .doesNotContain("sk-abcdefghijklmnopqrstuvwx");
    assertThat(result.turn().diagnosis()).isEqualTo("error: model refused: api_key=[REDACTED]");
  }

  @Test
  void malformed_lines_are_protocol_errors_and_the_turn_still_succeeds() throws Exception {
    var harness =
        fixture.script(
            """
            import sys
            sys.stdin.readline()
            print('{"type":"delta","text":"a"}')
            print('{not json')
            print('[1,2]')
            print('{"type":"teleport"}')
            print('{"type":"delta","text":5}')
            print('   ')
            sys.stdout.buffer.write(b'\\xff\\xfe\\n')
            print('{"type":"message","text":"fine"}')
            """);

    Result result = HarnessFixture.run(harness, fixture.turn("go"));

    assertThat(result.outcome()).isEqualTo(new TurnOutcome(TurnOutcome.SUCCESS, 0, "fine", null));
    assertThat(result.outputs().of(ProtocolError.class))
        .extracting(ProtocolError::reason)
        .containsExactly(
            "line is not valid JSON",
            "line is not a JSON object",
            "unknown type 'teleport'",
            "field 'text' must be a string",
            "line is not valid UTF-8");
    assertThat(result.outputs().seen.getFirst()).isEqualTo(new Delta("a"));
    assertThat(result.outputs().seen.getLast()).isEqualTo(new Final("fine"));
  }

  @Test
  void overlong_line_is_one_protocol_error_and_the_next_line_still_counts() throws Exception {
    var harness =
        fixture.script(
            """
            import sys
            sys.stdin.readline()
            sys.stdout.write('{"type":"delta","text":"' + 'x' * (3 * 1024 * 1024) + '"}\\n')
            print('{"type":"message","text":"after"}')
            """);

    Result result = HarnessFixture.run(harness, fixture.turn("go"));

    assertThat(result.outcome()).isEqualTo(new TurnOutcome(TurnOutcome.SUCCESS, 0, "after", null));
    List<ProtocolError> errors = result.outputs().of(ProtocolError.class);
    assertThat(errors).hasSize(1);
    assertThat(errors.getFirst().reason())
        .isEqualTo("line of 3145754 bytes is longer than 1048576 bytes");
    assertThat(errors.getFirst().line()).hasSize(512).startsWith("{\"type\":\"delta\"");
  }

  @Test
  void approval_request_waits_for_the_answer_written_to_stdin() throws Exception {
    var outputs = new HarnessFixture.Outputs();
    try (var turn = fixture.echoHarness().start(fixture.turn("please approve this"), outputs)) {
      HarnessAwait.until(
          "an approval request",
          () -> !outputs.of(HarnessOutput.InteractionRequest.class).isEmpty());
      var request = outputs.of(HarnessOutput.InteractionRequest.class).getFirst();
      assertThat(request.kind()).isEqualTo("approval");
      assertThat(request.request().path("tool").asString()).isEqualTo("write_file");
      assertThat(turn.await(Duration.ofMillis(200))).as("still waiting").isNull();

      turn.answer("int_1", "approval", Json.read("{\"approved\":true,\"answer\":\"go ahead\"}"));

      assertThat(turn.await(HarnessFixture.TURN))
          .isEqualTo(new TurnOutcome(TurnOutcome.SUCCESS, 0, "approved: go ahead", null));
    }
  }

  @Test
  void continuation_turn_gets_history_and_the_resumed_answers() throws Exception {
    var harness =
        fixture.script(
            """
            import json, sys
            turn = json.loads(sys.stdin.readline())
            print(json.dumps({"type": "message", "text": json.dumps(turn, sort_keys=True)}))
            """);
    var history = List.of(new SessionMessage(0, "srun_old", "user", "first", Instant.EPOCH));
    var resumed =
        List.of(
            Json.read(
                "{\"interactionId\":\"int_9\",\"kind\":\"approval\",\"request\":{},\"answer\":{\"approved\":false}}"));

    Result result = HarnessFixture.run(harness, fixture.turn("next", history, resumed));

    assertThat(Json.read(result.outcome().finalMessage()))
        .isEqualTo(
            Json.read(
                """
                {"type":"turn","protocol":1,"sessionId":"ses_fixture","runId":"srun_fixture",
                 "workspaceRoot":"%s","model":null,"prompt":"next",
                 "history":[{"role":"user","content":"first","runId":"srun_old"}],
                 "resumed":[{"interactionId":"int_9","kind":"approval","request":{},
                             "answer":{"approved":false}}]}
                """
                    .formatted(workspace)));
  }

  @Test
  void echo_agent_continuation_reports_the_resumed_answer() throws Exception {
    var resumed =
        List.of(
            Json.read(
                "{\"interactionId\":\"int_9\",\"kind\":\"approval\",\"request\":{},"
                    + "\"answer\":{\"approved\":false,\"answer\":\"not now\"}}"));

    Result result =
        HarnessFixture.run(fixture.echoHarness(), fixture.turn("approve", List.of(), resumed));

    assertThat(result.outcome().finalMessage()).isEqualTo("resumed with denied: not now");
  }

  @Test
  void cancel_ends_the_harness_and_the_grandchild_it_started() throws Exception {
    Path pidFile = workspace.resolve("grandchild.pid");
    var harness =
        fixture.script(
            """
            import subprocess, sys, time
            sys.stdin.readline()
            child = subprocess.Popen(["sleep", "300"])
            open(%s, "w").write(str(child.pid))
            print('{"type":"delta","text":"working"}', flush=True)
            time.sleep(300)
            """
                .formatted(Json.write(pidFile.toString())));
    var outputs = new HarnessFixture.Outputs();
    var turn = harness.start(fixture.turn("go"), outputs);
    HarnessAwait.until("the first delta", () -> !outputs.seen.isEmpty());
    long grandchild = Long.parseLong(Files.readString(pidFile).trim());
    assertThat(ProcessHandle.of(grandchild)).isPresent();

    turn.cancel();

    assertThat(turn.await(HarnessFixture.TURN))
        .isEqualTo(new TurnOutcome(TurnOutcome.ERROR, -1, null, TurnOutcomes.CANCELLED));
    assertThat(ProcessHandle.of(turn.pid()).map(ProcessHandle::isAlive))
        .isNotEqualTo(Optional.of(true));
    assertThat(ProcessHandle.of(grandchild).map(ProcessHandle::isAlive))
        .isNotEqualTo(Optional.of(true));
  }

  @Test
  void cancel_kills_a_harness_that_ignores_term_after_the_grace() throws Exception {
    var harness =
        fixture.script(
            """
            import signal, sys, time
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            sys.stdin.readline()
            print('{"type":"delta","text":"stubborn"}', flush=True)
            time.sleep(300)
            """);
    var outputs = new HarnessFixture.Outputs();
    var turn = harness.start(fixture.turn("go"), outputs);
    HarnessAwait.until("the first delta", () -> !outputs.seen.isEmpty());
    long cancelled = System.nanoTime();

    turn.cancel();

    assertThat(turn.await(HarnessFixture.TURN))
        .isEqualTo(new TurnOutcome(TurnOutcome.ERROR, -1, null, TurnOutcomes.CANCELLED));
    assertThat(Duration.ofNanos(System.nanoTime() - cancelled))
        .isGreaterThanOrEqualTo(ProcessTurn.GRACE);
    assertThat(ProcessHandle.of(turn.pid()).map(ProcessHandle::isAlive))
        .isNotEqualTo(Optional.of(true));
  }

  @Test
  void a_background_process_left_holding_stdout_is_ended_with_the_turn() throws Exception {
    Path pidFile = workspace.resolve("leftover.pid");
    var harness =
        fixture.script(
            """
            import subprocess, sys, time
            sys.stdin.readline()
            child = subprocess.Popen(["sleep", "300"])
            open(%s, "w").write(str(child.pid))
            time.sleep(0.5)
            print('{"type":"message","text":"left something running"}')
            """
                .formatted(Json.write(pidFile.toString())));
    long started = System.nanoTime();

    Result result = HarnessFixture.run(harness, fixture.turn("go"));

    assertThat(result.outcome().outcome()).isEqualTo(TurnOutcome.SUCCESS);
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(ProcessTurn.READER_GRACE);
    long leftover = Long.parseLong(Files.readString(pidFile).trim());
    assertThat(ProcessHandle.of(leftover).map(ProcessHandle::isAlive))
        .isNotEqualTo(Optional.of(true));
  }

  @Test
  void environment_withholds_credentials_and_names_the_turn() throws Exception {
    Map<String, String> supervisor = new HashMap<>(System.getenv());
    supervisor.put("KXM_RUNTIME_TOKEN", "t1");
    supervisor.put("GITHUB_TOKEN", "t2");
    supervisor.put("my_api_key", "t3");
    supervisor.put("DB_PASSWORD", "t4");
    supervisor.put("AWS_SECRET_ACCESS_KEY", "t5");
    supervisor.put("PLAIN_SETTING", "kept");
    var harness =
        fixture.script(
            """
            import json, os, sys
            sys.stdin.readline()
            print(json.dumps({"type": "message", "text": json.dumps(dict(os.environ))}))
            """,
            supervisor);

    Result result = HarnessFixture.run(harness, fixture.turn("go"));

    var env = Json.read(result.outcome().finalMessage());
    assertThat(env.propertyNames())
        .doesNotContain(
            "KXM_RUNTIME_TOKEN",
            "GITHUB_TOKEN",
            "my_api_key",
            "DB_PASSWORD",
            "AWS_SECRET_ACCESS_KEY");
    assertThat(env.path("PLAIN_SETTING").asString()).isEqualTo("kept");
    assertThat(env.path("KXM_SESSION_ID").asString()).isEqualTo("ses_fixture");
    assertThat(env.path("KXM_RUN_ID").asString()).isEqualTo("srun_fixture");
    assertThat(env.path("KXM_WORKSPACE_ROOT").asString()).isEqualTo(workspace.toString());
  }

  @Test
  void harness_runs_in_the_workspace_root() throws Exception {
    var harness =
        fixture.script(
            """
            import json, os, sys
            sys.stdin.readline()
            print(json.dumps({"type": "message", "text": os.getcwd()}))
            """);

    Result result = HarnessFixture.run(harness, fixture.turn("go"));

    assertThat(Path.of(result.outcome().finalMessage()).toRealPath())
        .isEqualTo(workspace.toRealPath());
  }

  @Test
  void a_program_that_cannot_start_is_harness_start_failed_naming_only_the_program() {
    var harness =
        fixture.harness(
            List.of(workspace.resolve("no-such-agent").toString(), "--secret-flag=hunter2"),
            System.getenv());

    assertThatThrownBy(() -> harness.start(fixture.turn("go"), new HarnessFixture.Outputs()))
        .isInstanceOf(KxmException.class)
        .satisfies(
            e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.HARNESS_START_FAILED))
        .hasMessageContaining("no-such-agent")
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void a_workspace_root_that_is_not_a_folder_is_refused_before_starting() {
    var input =
        new TurnInput(
            "ses_x",
            "srun_x",
            workspace.resolve("missing").toString(),
            null,
            "go",
            List.of(),
            List.of());

    assertThatThrownBy(() -> fixture.echoHarness().start(input, new HarnessFixture.Outputs()))
        .isInstanceOf(KxmException.class)
        .hasMessageContaining("is not the absolute path of a folder");
  }

  @Test
  void an_empty_argv_is_refused_as_an_invalid_harness() {
    assertThatThrownBy(() -> fixture.harness(List.of(), System.getenv()))
        .isInstanceOf(KxmException.class)
        .satisfies(e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.HARNESS_INVALID));
  }

  @Test
  void stderr_is_drained_so_a_chatty_harness_never_blocks_and_only_its_tail_is_kept()
      throws Exception {
    var harness =
        fixture.script(
            """
            import sys
            sys.stdin.readline()
            sys.stderr.write("x" * (2 * 1024 * 1024) + "END")
            sys.stderr.flush()
            print('{"type":"message","text":"done"}')
            """);

    Result result = HarnessFixture.run(harness, fixture.turn("go"));

    assertThat(result.outcome().outcome()).isEqualTo(TurnOutcome.SUCCESS);
    assertThat(result.turn().stderrTail()).hasSize(4096).endsWith("xxEND");
  }

  @Test
  void an_answer_after_the_harness_closed_stdin_is_counted_not_thrown() throws Exception {
    var harness =
        fixture.script(
            """
            import os, sys
            sys.stdin.readline()
            os.close(0)
            print('{"type":"approval","tool":"rm","input":{}}', flush=True)
            sys.stdin = None
            import time
            time.sleep(0.5)
            print('{"type":"message","text":"gave up waiting"}')
            """);
    var outputs = new HarnessFixture.Outputs();
    try (var turn = (ProcessTurn) harness.start(fixture.turn("go"), outputs)) {
      HarnessAwait.until("the approval request", () -> !outputs.seen.isEmpty());

      turn.answer("int_1", "approval", Json.read("{\"approved\":true}"));

      assertThat(turn.await(HarnessFixture.TURN).outcome()).isEqualTo(TurnOutcome.SUCCESS);
      HarnessAwait.until("the answer counted as undelivered", () -> turn.undeliveredLines() == 1);
    }
  }

  @Test
  void an_answer_after_the_turn_ended_is_counted_not_written() throws Exception {
    Result result = HarnessFixture.run(fixture.echoHarness(), fixture.turn("hi"));

    result.turn().answer("int_late", "approval", Json.read("{\"approved\":true}"));

    assertThat(result.turn().undeliveredLines()).isEqualTo(1);
    assertThat(result.outcome().outcome()).isEqualTo(TurnOutcome.SUCCESS);
  }

  @Test
  void ten_thousand_deltas_reach_the_listener_in_order() throws Exception {
    Result result = HarnessFixture.run(fixture.echoHarness(), fixture.turn("stream 10000"));

    assertThat(result.outcome().finalMessage()).isEqualTo("streamed 10000 deltas");
    List<Delta> deltas = result.outputs().of(Delta.class);
    assertThat(deltas).hasSize(10_000);
    for (int i = 0; i < deltas.size(); i++) {
      assertThat(deltas.get(i).text()).isEqualTo(i + " ");
    }
  }
}
