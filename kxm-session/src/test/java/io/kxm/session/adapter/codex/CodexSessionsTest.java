package io.kxm.session.adapter.codex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.session.adapter.AdapterSessions;
import io.kxm.session.adapter.ScratchFolders;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.HttpFailure;
import io.kxm.testkit.provider.RecordedRequest;
import io.kxm.testkit.provider.ToolResult;
import io.kxm.testkit.provider.Turn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Whole session turns through the real {@code codex} CLI, with the fake provider as the model. */
class CodexSessionsTest {
  static final String MODEL = "openai/gpt-5-codex";
  static final String PRICES =
      """
      currency: USD
      prices:
        openai/gpt-5-codex:
          inputPerMillion: 1.25
          outputPerMillion: 10
          cacheReadPerMillion: 0.125
          cacheWritePerMillion: 0
      """;

  @TempDir Path dir;
  FakeProvider provider;
  AdapterSessions sessions;

  @AfterEach
  void stop() {
    if (sessions != null) {
      sessions.close();
    }
    if (provider != null) {
      provider.close();
    }
  }

  void start(Map<String, String> extra) throws Exception {
    provider = FakeProvider.start();
    sessions = AdapterSessions.start(dir, AdapterSessions.environment(extra));
  }

  void startWithKey() throws Exception {
    AgentClis.require("codex");
    provider = FakeProvider.start();
    sessions =
        AdapterSessions.start(
            dir,
            AdapterSessions.environment(
                Map.of(
                    "OPENAI_API_KEY",
                    "sk-test-codex-key",
                    "OPENAI_BASE_URL",
                    provider.openAiBaseUrl().toString())));
  }

  @Test
  void a_text_answer_completes_with_the_final_message_usage_and_spend() throws Exception {
    startWithKey();
    Set<Path> homesBefore = ScratchFolders.named("kxm-codex-");
    Files.createDirectories(sessions.workspace.resolve(".kxm"));
    Files.writeString(sessions.workspace.resolve(".kxm/prices.yaml"), PRICES);
    provider.enqueue(Turn.text("Hello from the model.").withUsage(120, 30).inPieces(3));
    Session session = sessions.session(HarnessSpec.CODEX, MODEL);

    SessionRun run = sessions.runToEnd(session, "Say hello.");

    assertThat(run.status()).isEqualTo(SessionRunStatus.COMPLETED);
    assertThat(run.outcome()).isEqualTo("success");
    assertThat(run.finalMessage()).isEqualTo("Hello from the model.");
    JsonNode usage = sessions.data(run.id(), EventTypes.USAGE).getFirst();
    assertThat(usage.path("inputTokens").asLong()).isEqualTo(120);
    assertThat(usage.path("outputTokens").asLong()).isEqualTo(30);
    JsonNode completed = sessions.data(run.id(), EventTypes.RUN_COMPLETED).getFirst();
    assertThat(completed.path("usage").path("outputTokens").asLong()).isEqualTo(30);
    // 120 * 1.25 + 30 * 10 = 450 per million
    assertThat(completed.path("spend").path("amount").asString()).isEqualTo("0.00045");
    RecordedRequest request = provider.requests().getLast();
    assertThat(request.path()).isEqualTo("/v1/responses");
    assertThat(request.model()).isEqualTo("gpt-5-codex");
    assertThat(request.header("authorization")).isPresent();
    assertThat(request.lastMessageText()).contains("Say hello.");
    // the temporary CODEX_HOME with its config.toml is gone once the turn ended
    await()
        .atMost(AdapterSessions.WAIT)
        .until(() -> homesBefore.containsAll(ScratchFolders.named("kxm-codex-")));
  }

  @Test
  void the_next_turn_carries_the_session_history() throws Exception {
    startWithKey();
    provider.enqueue(Turn.text("The code word is heron."), Turn.text("It was heron."));
    Session session = sessions.session(HarnessSpec.CODEX, MODEL);
    sessions.runToEnd(session, "Pick a code word.");

    SessionRun second = sessions.runToEnd(session, "Which code word did you pick?");

    assertThat(second.finalMessage()).isEqualTo("It was heron.");
    String prompt = provider.requests().getLast().lastMessageText();
    assertThat(prompt).contains("Pick a code word.", "The code word is heron.");
    assertThat(prompt).endsWith("Which code word did you pick?");
  }

  @Test
  void a_shell_command_reaches_the_model_as_a_tool_result() throws Exception {
    startWithKey();
    Files.writeString(sessions.workspace.resolve("notes.txt"), "the notes say hello\n");
    provider.enqueue(
        Turn.toolCall("exec_command", "{\"cmd\":\"cat notes.txt\"}"), Turn.text("Read them."));
    Session session = sessions.session(HarnessSpec.CODEX, MODEL);

    SessionRun run = sessions.runToEnd(session, "Read notes.txt.");

    assertThat(run.status()).isEqualTo(SessionRunStatus.COMPLETED);
    List<ToolResult> results = provider.requests().getLast().toolResults();
    assertThat(results)
        .singleElement()
        .satisfies(r -> assertThat(r.output()).contains("the notes say hello"));
    JsonNode call = sessions.data(run.id(), EventTypes.TOOL_CALL).getFirst();
    assertThat(call.path("name").asString()).isEqualTo("shell");
    assertThat(call.path("input").path("command").asString()).contains("cat notes.txt");
    JsonNode result = sessions.data(run.id(), EventTypes.TOOL_RESULT).getFirst();
    assertThat(result.path("id").asString()).isEqualTo(call.path("id").asString());
    assertThat(result.path("output").asString()).contains("the notes say hello");
    assertThat(result.path("isError").asBoolean()).isFalse();
  }

  @Test
  void a_provider_refusal_fails_the_run_with_the_reason() throws Exception {
    startWithKey();
    provider.enqueue(HttpFailure.of(400, "model gpt-5-codex is not served here"));
    Session session = sessions.session(HarnessSpec.CODEX, MODEL);

    SessionRun run = sessions.runToEnd(session, "Say hello.");

    assertThat(run.status()).isEqualTo(SessionRunStatus.FAILED);
    assertThat(run.outcome()).isEqualTo("error");
    assertThat(run.error()).isEqualTo("harness_reported_error");
    assertThat(diagnosis(run)).contains("model gpt-5-codex is not served here");
  }

  @Test
  void a_blank_answer_without_tokens_is_a_silent_failure() throws Exception {
    startWithKey();
    provider.enqueue(Turn.text(" ").withUsage(0, 0));
    Session session = sessions.session(HarnessSpec.CODEX, MODEL);

    SessionRun run = sessions.runToEnd(session, "Say hello.");

    assertThat(run.status()).isEqualTo(SessionRunStatus.FAILED);
    assertThat(run.outcome()).isEqualTo("silent_failure");
    assertThat(run.error()).isEqualTo("silent_failure");
  }

  @Test
  void a_missing_cli_fails_the_run_as_unavailable() throws Exception {
    start(Map.of("KXM_CODEX_BIN", dir.resolve("no-codex-here").toString(), "OPENAI_API_KEY", "k"));
    Session session = sessions.session(HarnessSpec.CODEX, MODEL);

    SessionRun run = sessions.runToEnd(session, "Say hello.");

    assertThat(run.status()).isEqualTo(SessionRunStatus.FAILED);
    assertThat(run.error()).isEqualTo("harness_unavailable");
    assertThat(diagnosis(run)).contains("KXM_CODEX_BIN", "no-codex-here");
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void without_an_openai_key_the_run_fails_as_not_logged_in() throws Exception {
    AgentClis.require("codex");
    Map<String, String> env = AdapterSessions.environment(Map.of());
    env.remove("OPENAI_API_KEY");
    provider = FakeProvider.start();
    sessions = AdapterSessions.start(dir, env);
    Session session = sessions.session(HarnessSpec.CODEX, MODEL);

    SessionRun run = sessions.runToEnd(session, "Say hello.");

    assertThat(run.status()).isEqualTo(SessionRunStatus.FAILED);
    assertThat(run.error()).isEqualTo("harness_not_logged_in");
    assertThat(diagnosis(run)).contains("OPENAI_API_KEY");
    assertThat(provider.requests()).isEmpty();
  }

  private String diagnosis(SessionRun run) {
    return sessions.data(run.id(), EventTypes.RUN_FAILED).getFirst().path("diagnosis").asString();
  }
}
