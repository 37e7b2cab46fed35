package io.kxm.cli.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.ChildKxm;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.hub.HubServer;
import io.kxm.session.adapter.KxmMcpServer;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionSettings;
import io.kxm.session.api.StreamKey;
import io.kxm.session.store.SqliteSessionStore;
import io.kxm.session.turn.Harnesses;
import io.kxm.session.turn.SessionService;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.ToolResult;
import io.kxm.testkit.provider.Turn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A codex session turn that calls a kxm tool: the real {@code codex} CLI starts {@code kxm mcp}
 * from its temporary configuration, the server registers with a real hub, and the tool's result
 * reaches the model (the fake provider).
 */
class CodexKxmToolsTest {
  static final String TOOL = "mcp__kxm__kxm_list";

  @TempDir Path dir;
  HubServer hub;
  FakeProvider provider;
  SessionService sessions;

  @AfterEach
  void stop() {
    if (sessions != null) {
      sessions.close();
    }
    if (provider != null) {
      provider.close();
    }
    if (hub != null) {
      hub.stop();
    }
  }

  @Test
  void the_kxm_list_tool_answers_from_the_hub_and_its_result_reaches_the_model() throws Exception {
    AgentClis.require("codex");
    hub = RealHub.start(dir.resolve("hub"));
    provider = FakeProvider.start();
    provider.when(Rule.whenToolResultFor(TOOL, Turn.text("codex-main is the only agent.")));
    provider.enqueue(Turn.toolCall(TOOL, "{}"));
    Map<String, String> env = new HashMap<>(System.getenv());
    env.putAll(TestEnv.agent(dir, hub.baseUrl(), "codex-main"));
    env.put("HOME", System.getenv("HOME"));
    env.put("OPENAI_API_KEY", "sk-test-codex-key");
    env.put("OPENAI_BASE_URL", provider.openAiBaseUrl().toString());
    List<String> launcher = new ArrayList<>(List.of(ChildKxm.java()));
    launcher.addAll(ChildKxm.arguments("mcp"));
    env.put(KxmMcpServer.COMMAND_VARIABLE, String.join(" ", launcher));
    Path workspace = Files.createDirectories(dir.resolve("workspace"));
    sessions =
        SessionService.start(
            SqliteSessionStore.open(dir.resolve("sessions.db"), Clock.systemUTC()),
            true,
            Harnesses.standard(env, Clock.systemUTC()),
            Clock.systemUTC(),
            SessionSettings.DEFAULTS);
    Session session =
        sessions.create(
            workspace.toString(),
            new HarnessSpec(HarnessSpec.CODEX, List.of()),
            "openai/gpt-5-codex");

    String runId = sessions.submit(session.id(), "Who is in this project?").id();
    await().atMost(Duration.ofMinutes(2)).until(() -> sessions.run(runId).status().isTerminal());

    SessionRun run = sessions.run(runId);
    assertThat(run.status()).as(String.valueOf(run.error())).isEqualTo(SessionRunStatus.COMPLETED);
    assertThat(run.finalMessage()).isEqualTo("codex-main is the only agent.");
    assertThat(provider.requests().getFirst().offeredToolNames()).contains(TOOL);
    List<ToolResult> results = provider.requests().getLast().toolResults();
    assertThat(results)
        .singleElement()
        // the session's own agent: the supervisor's KXM_AGENT_NAME is never handed on
        .satisfies(r -> assertThat(r.output()).contains("\"name\":\"codex-" + session.id()));
    List<SessionEvent> events = sessions.store().replay(StreamKey.run(runId), 0, 1000);
    JsonNode call = data(events, EventTypes.TOOL_CALL);
    assertThat(call.path("name").asString()).isEqualTo(TOOL);
    JsonNode result = data(events, EventTypes.TOOL_RESULT);
    assertThat(result.path("isError").asBoolean()).isFalse();
    assertThat(result.path("output").asString()).contains("codex-" + session.id());
  }

  private static JsonNode data(List<SessionEvent> events, String type) {
    return events.stream()
        .filter(e -> e.type().equals(type))
        .map(SessionEvent::data)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + type + " event in " + events));
  }
}
