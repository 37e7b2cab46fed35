package io.kxm.session.adapter.pi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.runtime.sandbox.SandboxStatus;
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
import io.kxm.testkit.provider.Turn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Whole session turns through the real {@code pi} CLI, with the fake provider as the model. */
class PiSessionsTest {
  static final String MODEL = "openrouter/test-model";
  static final String PRICES =
      """
      currency: USD
      prices:
        openrouter/test-model:
          inputPerMillion: 2
          outputPerMillion: 8
          cacheReadPerMillion: 0.5
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
    Map<String, String> env = new HashMap<>(extra);
    env.putIfAbsent(PiModels.BASE_URL_VARIABLE, provider.openAiBaseUrl().toString());
    sessions = AdapterSessions.start(dir, AdapterSessions.environment(env));
  }

  void startWithKey() throws Exception {
    AgentClis.require("pi");
    start(Map.of(PiModels.KEY_VARIABLE, "sk-test-pi-key"));
  }

  @Test
  void a_text_answer_completes_with_the_final_message_usage_and_spend() throws Exception {
    startWithKey();
    Set<Path> foldersBefore = ScratchFolders.named("kxm-pi-");
    Files.createDirectories(sessions.workspace.resolve(".kxm"));
    Files.writeString(sessions.workspace.resolve(".kxm/prices.yaml"), PRICES);
    provider.enqueue(Turn.text("Hello from the model.").withUsage(120, 30).inPieces(3));
    Session session = sessions.session(HarnessSpec.PI, MODEL);

    SessionRun run = sessions.runToEnd(session, "Say hello.");

    assertThat(run.status()).isEqualTo(SessionRunStatus.COMPLETED);
    assertThat(run.outcome()).isEqualTo("success");
    assertThat(run.finalMessage()).isEqualTo("Hello from the model.");
    assertThat(sessions.data(run.id(), EventTypes.MESSAGE_DELTA)).hasSize(3);
    JsonNode completed = sessions.data(run.id(), EventTypes.RUN_COMPLETED).getFirst();
    assertThat(completed.path("usage").path("inputTokens").asLong()).isEqualTo(120);
    assertThat(completed.path("usage").path("outputTokens").asLong()).isEqualTo(30);
    // 120 * 2 + 30 * 8 = 480 per million
    assertThat(completed.path("spend").path("amount").asString()).isEqualTo("0.00048");
    RecordedRequest request = provider.requests().getLast();
    assertThat(request.path()).isEqualTo("/v1/chat/completions");
    assertThat(request.model()).isEqualTo("test-model");
    assertThat(request.header("authorization")).isPresent();
    assertThat(request.lastMessageText()).contains("Say hello.");
    await()
        .atMost(AdapterSessions.WAIT)
        .until(() -> foldersBefore.containsAll(ScratchFolders.named("kxm-pi-")));
  }

  @Test
  void a_turn_on_a_sandboxed_pi_route_reaches_its_endpoint_from_inside_the_sandbox()
      throws Exception {
    AgentClis.require("pi");
    SandboxStatus status = Sandbox.of(System.getenv()).status();
    boolean here = status.available() && status.network().available();
    if (!"1".equals(System.getenv("KXM_REQUIRE_SERVICES"))) {
      Assumptions.assumeTrue(here, "no sandbox network here: " + status.network().detail());
    }
    assertThat(here).as(status.detail() + "; " + status.network().detail()).isTrue();
    start(Map.of(PiModels.KEY_VARIABLE, "sk-test-pi-key"));
    Files.createDirectories(sessions.workspace.resolve(".kxm"));
    Files.writeString(
        sessions.workspace.resolve(".kxm/routes.yaml"),
        "routes:\n  - harness: pi\n    model: " + MODEL + "\n    sandbox: true\n");
    provider.enqueue(Turn.text("Hello from the sandbox.").withUsage(10, 5));
    Session session = sessions.session(HarnessSpec.PI, MODEL);

    SessionRun run = sessions.runToEnd(session, "Say hello.");

    assertThat(run.status()).as(String.valueOf(run.error())).isEqualTo(SessionRunStatus.COMPLETED);
    assertThat(run.finalMessage()).isEqualTo("Hello from the sandbox.");
    assertThat(provider.requests().getLast().lastMessageText()).contains("Say hello.");
  }

  @Test
  void pi_reads_a_workspace_file_and_the_content_reaches_the_model() throws Exception {
    startWithKey();
    Files.writeString(sessions.workspace.resolve("notes.txt"), "the notes say hello\n");
    provider.enqueue(
        Turn.toolCall("read", "{\"path\":\"notes.txt\"}"), Turn.text("The notes greet you."));
    Session session = sessions.session(HarnessSpec.PI, MODEL);

    SessionRun run = sessions.runToEnd(session, "Read notes.txt.");

    assertThat(run.status()).isEqualTo(SessionRunStatus.COMPLETED);
    assertThat(run.finalMessage()).isEqualTo("The notes greet you.");
    assertThat(provider.requests().getLast().toolResults())
        .singleElement()
        .satisfies(r -> assertThat(r.output()).contains("the notes say hello"));
    JsonNode call = sessions.data(run.id(), EventTypes.TOOL_CALL).getFirst();
    assertThat(call.path("name").asString()).isEqualTo("read");
    assertThat(call.path("input").path("path").asString()).isEqualTo("notes.txt");
    JsonNode result = sessions.data(run.id(), EventTypes.TOOL_RESULT).getFirst();
    assertThat(result.path("id").asString()).isEqualTo(call.path("id").asString());
    assertThat(result.path("output").asString()).contains("the notes say hello");
    assertThat(result.path("isError").asBoolean()).isFalse();
  }

  @Test
  void a_provider_refusal_fails_the_run_although_pi_exits_zero() throws Exception {
    startWithKey();
    provider.enqueue(HttpFailure.of(400, "test-model is not served here"));
    Session session = sessions.session(HarnessSpec.PI, MODEL);

    SessionRun run = sessions.runToEnd(session, "Say hello.");

    assertThat(run.status()).isEqualTo(SessionRunStatus.FAILED);
    assertThat(run.outcome()).isEqualTo("error");
    assertThat(run.error()).isEqualTo("harness_reported_error");
    assertThat(diagnosis(run)).contains("400", "test-model is not served here");
  }

  @Test
  void a_blank_answer_without_tokens_is_a_silent_failure() throws Exception {
    startWithKey();
    provider.enqueue(Turn.text(" ").withUsage(0, 0));
    Session session = sessions.session(HarnessSpec.PI, MODEL);

    SessionRun run = sessions.runToEnd(session, "Say hello.");

    assertThat(run.status()).isEqualTo(SessionRunStatus.FAILED);
    assertThat(run.outcome()).isEqualTo("silent_failure");
  }

  @Test
  void a_missing_cli_fails_the_run_as_unavailable() throws Exception {
    start(Map.of("KXM_PI_BIN", dir.resolve("no-pi-here").toString(), PiModels.KEY_VARIABLE, "k"));
    Session session = sessions.session(HarnessSpec.PI, MODEL);

    SessionRun run = sessions.runToEnd(session, "Say hello.");

    assertThat(run.error()).isEqualTo("harness_unavailable");
    assertThat(diagnosis(run)).contains("KXM_PI_BIN");
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void without_the_endpoint_key_the_run_fails_as_not_logged_in() throws Exception {
    AgentClis.require("pi");
    provider = FakeProvider.start();
    Map<String, String> env = AdapterSessions.environment(Map.of());
    env.remove(PiModels.KEY_VARIABLE);
    env.put(PiModels.BASE_URL_VARIABLE, provider.openAiBaseUrl().toString());
    sessions = AdapterSessions.start(dir, env);
    Session session = sessions.session(HarnessSpec.PI, MODEL);

    SessionRun run = sessions.runToEnd(session, "Say hello.");

    assertThat(run.error()).isEqualTo("harness_not_logged_in");
    assertThat(diagnosis(run)).contains("KXM_PI_API_KEY");
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void a_model_without_a_provider_is_refused_when_the_session_is_created() throws Exception {
    start(Map.of(PiModels.KEY_VARIABLE, "k"));

    assertThatThrownBy(() -> sessions.session(HarnessSpec.PI, "test-model"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.ROUTE_NOT_ADMITTED));
    assertThat(sessions.service.list(10)).isEmpty();
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void a_native_vendor_model_never_runs_through_pi() throws Exception {
    start(Map.of(PiModels.KEY_VARIABLE, "k"));

    // refused when the session is created, before anything is stored or started
    assertThatThrownBy(() -> sessions.session(HarnessSpec.PI, "openrouter/openai/gpt-5"))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.ROUTE_VENDOR_MISMATCH))
        .hasMessageContaining("openai");
    assertThat(sessions.service.list(10)).isEmpty();
    assertThat(provider.requests()).isEmpty();
  }

  private String diagnosis(SessionRun run) {
    return sessions.data(run.id(), EventTypes.RUN_FAILED).getFirst().path("diagnosis").asString();
  }
}
