package io.kxm.session.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessTurn;
import io.kxm.session.api.TurnInput;
import io.kxm.session.api.TurnOutcome;
import io.kxm.session.provider.ModelRoutes;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.HttpFailure;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** One built-in turn straight on the harness: diagnosis, limits, cancelling and resumed answers. */
class BuiltinTurnTest {
  @TempDir Path dir;
  private FakeProvider provider;
  private Path workspace;
  private final List<HarnessOutput> outputs = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    provider = FakeProvider.start();
    workspace = BuiltinSessions.gitRepository(dir.resolve("workspace"));
  }

  @AfterEach
  void stop() {
    provider.close();
  }

  private HarnessTurn turn(int maxSteps, List<JsonNode> resumed) {
    Map<String, String> env = BuiltinSessions.environment(provider, "anthropic");
    BuiltinSettings settings =
        new BuiltinSettings(
            BuiltinSettings.AutoApprove.NONE, maxSteps, 1024, null, dir.resolve("worktrees"));
    BuiltinHarness harness = new BuiltinHarness(settings, new ModelRoutes(env), env);
    TurnInput input =
        new TurnInput(
            "ses_abc123",
            "srun_abc123",
            workspace.toString(),
            "anthropic/claude-sonnet-4-5",
            "do the task",
            List.of(),
            resumed);
    return harness.start(input, outputs::add);
  }

  private static TurnOutcome await(HarnessTurn turn) throws InterruptedException {
    TurnOutcome outcome = turn.await(Duration.ofSeconds(30));
    assertThat(outcome).as("the turn ended").isNotNull();
    return outcome;
  }

  @Test
  void a_provider_failure_is_diagnosed_with_its_message_and_no_credential() throws Exception {
    provider.enqueue(HttpFailure.of(503, "upstream exploded near sk-ant-abcdefghijklmnopqrstu"));

    HarnessTurn turn = turn(5, List.of());
    TurnOutcome outcome = await(turn);

    assertThat(outcome.outcome()).isEqualTo(TurnOutcome.ERROR);
    assertThat(outcome.error()).isEqualTo("provider_failed");
    assertThat(turn.diagnosis())
        .contains("provider_failed", "HTTP 503", "upstream exploded")
        .doesNotContain("sk-ant-abcdefghijklmnopqrstu");
  }

  @Test
  void a_turn_that_never_answers_stops_at_its_step_limit() throws Exception {
    provider.enqueue(Turn.toolCall("list_files", "{}"));
    provider.when(Rule.whenToolResultFor("list_files", Turn.toolCall("list_files", "{}")));

    HarnessTurn turn = turn(3, List.of());
    TurnOutcome outcome = await(turn);

    assertThat(outcome.error()).isEqualTo("harness_reported_error");
    assertThat(turn.diagnosis()).contains("3 model calls", BuiltinSettings.MAX_STEPS);
    assertThat(provider.requests()).hasSize(3);
  }

  @Test
  void cancelling_closes_a_stream_that_is_still_arriving() throws Exception {
    provider.enqueue(
        Turn.text("word ".repeat(200)).inPieces(200).withChunkDelay(Duration.ofMillis(100)));

    HarnessTurn turn = turn(5, List.of());
    org.awaitility.Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> outputs.stream().anyMatch(o -> o instanceof HarnessOutput.Delta));
    turn.cancel();
    TurnOutcome outcome = await(turn);

    assertThat(outcome.error()).isEqualTo("cancelled");
    assertThat(outcome.exitCode()).isEqualTo(-1);
    assertThat(outputs).noneMatch(o -> o instanceof HarnessOutput.Final);
  }

  @Test
  void the_turn_has_no_process_a_restarted_supervisor_could_end() throws Exception {
    provider.enqueue(Turn.text("done"));
    HarnessTurn turn = turn(5, List.of());
    await(turn);

    assertThat(turn.pid()).isEqualTo(ProcessHandle.current().pid());
    assertThat(turn.processStart()).isEqualTo(BuiltinTurn.NO_PROCESS_START);
    assertThat(ProcessHandle.current().info().startInstant().orElseThrow())
        .isAfter(turn.processStart().plus(Duration.ofDays(365)));
  }

  @Test
  void a_resumed_denial_carries_nothing_out_and_the_model_hears_it() throws Exception {
    provider.when(Rule.whenToolResultFor("write_file", Turn.text("Left it.")));
    JsonNode resumed =
        Json.read(
            """
            {"interactionId":"int_1","kind":"approval",
             "request":{"tool":"write_file","input":{"path":"x.txt","content":"x"},
                        "reason":"write x.txt","callId":"toolu_9"},
             "answer":{"approved":false,"answer":"no thanks"}}
            """);

    TurnOutcome outcome = await(turn(5, List.of(resumed)));

    assertThat(outcome.finalMessage()).isEqualTo("Left it.");
    assertThat(dir.resolve("worktrees/ses_abc123")).doesNotExist();
    assertThat(workspace.resolve("x.txt")).doesNotExist();
    var told = provider.requests().getFirst().toolResults();
    assertThat(told.getFirst().callId()).isEqualTo("toolu_9");
    assertThat(told.getFirst().output()).contains("denied", "no thanks");
  }

  @Test
  void a_resumed_approval_of_a_path_outside_is_still_refused() throws Exception {
    provider.when(Rule.whenToolResultFor("write_file", Turn.text("Could not.")));
    JsonNode resumed =
        Json.read(
            """
            {"interactionId":"int_1","kind":"approval",
             "request":{"tool":"write_file","input":{"path":"../escaped.txt","content":"x"},
                        "callId":"toolu_9"},
             "answer":{"approved":true}}
            """);

    TurnOutcome outcome = await(turn(5, List.of(resumed)));

    assertThat(outcome.succeeded()).isTrue();
    assertThat(dir.resolve("escaped.txt")).doesNotExist();
    assertThat(dir.resolve("worktrees/escaped.txt")).doesNotExist();
    assertThat(provider.requests().getFirst().toolResults().getFirst().output())
        .startsWith("workspace_path_forbidden");
  }
}
