package io.kxm.cli.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.cli.CliContext;
import io.kxm.cli.runtime.BackgroundRuntime;
import io.kxm.cli.runtime.SupervisorClient;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.HttpFailure;
import io.kxm.testkit.provider.RecordedRequest;
import io.kxm.testkit.provider.Reply;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.ToolResult;
import io.kxm.testkit.provider.Turn;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Whole sessions through the {@code claude-code} harness: the real {@code claude} CLI, started by a
 * real supervisor (the background one {@code kxm} starts), talks to a scripted model on loopback;
 * for the kxm tools, to a real hub through {@code kxm mcp}.
 */
class ClaudeCodeSessionTest {
  static final String MODEL = "anthropic/claude-sonnet-4-5";

  @TempDir Path dir;
  FakeProvider provider;
  HubServer hub;
  Map<String, String> env;

  @BeforeEach
  void setUp() throws Exception {
    Path claude = AgentClis.require("claude");
    provider = FakeProvider.start();
    // Claude Code may ask for a short title of the conversation on the side; answer it apart.
    provider.when(
        new Rule(
            "title",
            r -> r.lastMessageText().contains("Write the title"),
            Turn.text("A title").withUsage(0, 0)));
    Files.createDirectories(workspace().resolve(".kxm"));
    Files.writeString(
        workspace().resolve(".kxm/prices.yaml"),
        """
        currency: USD
        prices:
          %s:
            inputPerMillion: 3
            outputPerMillion: 15
        """
            .formatted(MODEL));
    env = TestEnv.of(dir);
    env.put(
        "PATH",
        claude.getParent() + File.pathSeparator + System.getenv().getOrDefault("PATH", "/usr/bin"));
    env.put("ANTHROPIC_BASE_URL", provider.baseUrl().toString());
    env.put("ANTHROPIC_API_KEY", "sk-ant-test-key");
    // A failing provider would otherwise be retried for minutes.
    env.put("CLAUDE_CODE_MAX_RETRIES", "0");
  }

  @AfterEach
  void tearDown() {
    kxm("runtime", "stop");
    // Null when setUp stopped early because the CLI is absent.
    if (provider != null) {
      provider.close();
    }
    if (hub != null) {
      hub.close();
    }
  }

  @Test
  void a_plain_answer_completes_the_run_with_its_message_usage_and_spend() {
    answerEverything(Turn.text("The answer is 42.").withUsage(1000, 200));

    List<JsonNode> events = turn("What is the answer?");

    JsonNode usage = only(events, "usage").path("data");
    assertThat(usage.path("inputTokens").asLong()).isEqualTo(1000);
    assertThat(usage.path("outputTokens").asLong()).isEqualTo(200);
    // 1000 × $3/M + 200 × $15/M
    assertThat(new BigDecimal(usage.path("spend").path("amount").asString()))
        .isEqualByComparingTo("0.006");
    assertThat(only(events, "message.completed").path("data").path("text").asString())
        .isEqualTo("The answer is 42.");
    JsonNode completed = last(events);
    assertThat(completed.path("type").asString()).isEqualTo("run.completed");
    assertThat(completed.path("data").path("outcome").asString()).isEqualTo("success");
    assertThat(completed.path("data").path("usage").path("outputTokens").asLong()).isEqualTo(200);
    assertThat(new BigDecimal(completed.path("data").path("spend").path("amount").asString()))
        .isEqualByComparingTo("0.006");
    JsonNode status = status(completed.path("runId").asString());
    assertThat(status.path("run").path("status").asString()).isEqualTo("completed");
    assertThat(status.path("run").path("finalMessage").asString()).isEqualTo("The answer is 42.");
    assertThat(status.path("run").path("usage").path("inputTokens").asLong()).isEqualTo(1000);
    assertThat(new BigDecimal(status.path("run").path("spend").path("amount").asString()))
        .isEqualByComparingTo("0.006");
    assertThat(kxm("runs", "status", completed.path("runId").asString())[0])
        .contains("tokens: 1000 in, 200 out")
        .contains("spend: 0.006");
    RecordedRequest asked = modelRequests().getLast();
    assertThat(asked.model()).isEqualTo("claude-sonnet-4-5");
    assertThat(asked.lastMessageText()).contains("What is the answer?");
  }

  @Test
  void the_model_calls_a_kxm_tool_that_runs_against_the_hub_and_gets_its_result() {
    hub = RealHub.start(dir.resolve("hub"));
    env.put("KXM_SERVER_URL", hub.baseUrl());
    env.put("KXM_PROJECT", "alpha");
    env.put("KXM_AUTH_TOKEN", TestEnv.ALPHA);
    provider.when(Rule.whenToolResultFor("mcp__kxm__kxm_list", Turn.text("Listed the agents.")));
    provider.enqueue(Turn.toolCall("mcp__kxm__kxm_list", "{}"));

    List<JsonNode> events = turn("Who is around?");

    JsonNode call = only(events, "tool.call").path("data");
    assertThat(call.path("name").asString()).isEqualTo("mcp__kxm__kxm_list");
    JsonNode result = only(events, "tool.result").path("data");
    assertThat(result.path("id").asString()).isEqualTo(call.path("id").asString());
    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
    String sessionId = last(events).path("sessionId").asString();
    assertThat(last(events).path("type").asString()).isEqualTo("run.completed");
    assertThat(only(events, "message.completed").path("data").path("text").asString())
        .isEqualTo("Listed the agents.");
    RecordedRequest first = modelRequests().getFirst();
    assertThat(first.offeredToolNames()).contains("mcp__kxm__kxm_list");
    List<ToolResult> returned =
        modelRequests().stream().flatMap(r -> r.toolResults().stream()).toList();
    assertThat(returned)
        .singleElement()
        .satisfies(r -> {
          assertThat(r.toolName()).isEqualTo("mcp__kxm__kxm_list");
          // the hub lists the agent this session's kxm mcp registered as
          assertThat(r.output()).contains("claude-" + sessionId);
        });
  }

  @Test
  void a_missing_binary_fails_the_run_as_harness_unavailable_before_any_process() {
    env.put("KXM_CLAUDE_BIN", dir.resolve("nowhere/claude").toString());
    answerEverything(Turn.text("never asked"));

    List<JsonNode> events = turn("hello");

    JsonNode failed = last(events);
    assertThat(failed.path("type").asString()).isEqualTo("run.failed");
    assertThat(failed.path("data").path("error").asString()).isEqualTo("harness_unavailable");
    assertThat(failed.path("data").path("diagnosis").asString())
        .contains("KXM_CLAUDE_BIN")
        .contains("npm install -g @anthropic-ai/claude-code");
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void no_credentials_fail_the_run_as_harness_not_logged_in_before_any_process() {
    env.remove("ANTHROPIC_API_KEY");
    answerEverything(Turn.text("never asked"));

    List<JsonNode> events = turn("hello");

    JsonNode failed = last(events);
    assertThat(failed.path("type").asString()).isEqualTo("run.failed");
    assertThat(failed.path("data").path("error").asString()).isEqualTo("harness_not_logged_in");
    assertThat(failed.path("data").path("diagnosis").asString()).contains("ANTHROPIC_API_KEY");
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void a_failing_provider_fails_the_run_with_the_cli_error_in_the_diagnosis() {
    answerEverything(HttpFailure.serverError());

    List<JsonNode> events = turn("hello");

    JsonNode failed = last(events);
    assertThat(failed.path("type").asString()).isEqualTo("run.failed");
    assertThat(failed.path("data").path("error").asString()).isEqualTo("harness_reported_error");
    assertThat(failed.path("data").path("diagnosis").asString())
        .contains("provider status 500")
        .contains("API Error: 500");
    assertThat(events).noneMatch(e -> e.path("type").asString().equals("message.completed"));
    assertThat(status(failed.path("runId").asString()).path("run").path("diagnosis").asString())
        .contains("API Error: 500");
  }

  @Test
  void a_success_like_exit_with_no_output_is_a_silent_failure() {
    answerEverything(Turn.text(" ").withUsage(0, 0));

    List<JsonNode> events = turn("hello");

    JsonNode failed = last(events);
    assertThat(failed.path("type").asString()).isEqualTo("run.failed");
    assertThat(failed.path("data").path("outcome").asString()).isEqualTo("silent_failure");
    assertThat(failed.path("data").path("exitCode").asInt()).isZero();
    assertThat(status(failed.path("runId").asString()).path("run").path("outcome").asString())
        .isEqualTo("silent_failure");
  }

  private void answerEverything(Reply reply) {
    provider.when(new Rule("every other request", r -> true, reply));
  }

  /** Creates a claude-code session, runs one turn and returns the run's events, in order. */
  private List<JsonNode> turn(String prompt) {
    StringWriter out = new StringWriter();
    CliContext context =
        new CliContext(env, workspace(), new PrintWriter(out), new PrintWriter(new StringWriter()));
    SupervisorClient supervisor = new SupervisorClient(BackgroundRuntime.ensure(context));
    JsonNode session =
        supervisor.post(
            "/v1/sessions",
            Map.of(
                "workspaceRoot",
                workspace().toString(),
                "harness",
                Map.of("type", "claude-code", "argv", List.of()),
                "model",
                MODEL));
    String[] watched =
        kxm("session", "run", session.path("id").asString(), "--watch", "--json", prompt);
    assertThat(watched[0]).as(watched[1]).isNotEmpty();
    return watched[0].lines().map(Json::read).toList();
  }

  private JsonNode status(String runId) {
    String[] shown = kxm("runs", "status", runId, "--json");
    return Json.read(shown[0]);
  }

  /** The requests that asked the model for an answer, without connectivity checks and titles. */
  private List<RecordedRequest> modelRequests() {
    return provider.requests().stream()
        .filter(r -> r.path().endsWith("/v1/messages"))
        .filter(r -> !r.lastMessageText().contains("Write the title"))
        .toList();
  }

  private String[] kxm(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    PrintWriter o = new PrintWriter(out, true);
    PrintWriter e = new PrintWriter(err, true);
    new Cli(env, workspace(), o, e).run(args);
    o.flush();
    e.flush();
    return new String[] {out.toString(), err.toString()};
  }

  private Path workspace() {
    return dir.resolve("work");
  }

  private static JsonNode only(List<JsonNode> events, String type) {
    List<JsonNode> found =
        events.stream().filter(e -> e.path("type").asString().equals(type)).toList();
    assertThat(found).as("events of type " + type + " in " + events).hasSize(1);
    return found.getFirst();
  }

  private static JsonNode last(List<JsonNode> events) {
    return events.getLast();
  }
}
