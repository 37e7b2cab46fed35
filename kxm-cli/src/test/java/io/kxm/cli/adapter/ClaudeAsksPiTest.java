package io.kxm.cli.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.plugin.PluginFiles;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import io.kxm.hub.log.HubLog;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.RecordedRequest;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.ToolResult;
import io.kxm.testkit.provider.Turn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exchange the plugins exist for: a Claude Code session (the real CLI with the kxm plugin
 * installed from this repository) asks a Pi session (the real CLI with the kxm extension) a
 * question through the hub, and waits for the answer. Pi has the request pushed to it and answers
 * it as a turn, so nobody reads an inbox: the test counts the inbox calls on the hub and in both
 * models' transcripts, and expects none.
 */
class ClaudeAsksPiTest {
  static final String ASKER = "claude-asker";
  static final String ANSWERER = "pi-reviewer";
  static final String FANOUT = "mcp__plugin_kxm_kxm__kxm_fanout";
  static final String QUESTION = "Is PR 9 ready to merge?";
  static final String ANSWER = "PR 9 is ready: the tests pass and the diff is small.";

  @TempDir Path dir;
  HubServer hub;
  FakeProvider claudeModel;
  FakeProvider piModel;
  PiRpc pi;

  @AfterEach
  void stop() {
    if (pi != null) {
      pi.close();
    }
    for (FakeProvider provider : new FakeProvider[] {claudeModel, piModel}) {
      if (provider != null) {
        provider.close();
      }
    }
    if (hub != null) {
      hub.stop();
    }
  }

  @Test
  void a_claude_code_question_reaches_pi_pushed_and_its_answer_comes_back_without_inbox_reads()
      throws Exception {
    Path claude = AgentClis.require("claude");
    AgentClis.require("pi");
    hub = RealHub.start(dir.resolve("hub"));
    piModel = FakeProvider.start();
    piModel.when(Rule.whenLastMessageContains(QUESTION, Turn.text(ANSWER)));
    pi = PiRpc.withExtension(dir.resolve("pi"), hub.baseUrl(), piModel, ANSWERER, Map.of(), "kxm ");

    claudeModel = FakeProvider.start();
    claudeModel.when(PluginFiles.titleRequests());
    // One tool call sends the question and waits for the reply (kxm_fanout to one peer).
    claudeModel.enqueue(
        Turn.toolCall(
            FANOUT,
            Json.write(
                Map.of("targets", List.of(ANSWERER), "content", QUESTION, "timeoutMs", 90_000))));
    claudeModel.when(Rule.whenToolResultFor(FANOUT, Turn.text("pi-reviewer answered.")));
    Path claudeDir = dir.resolve("claude");
    Path workspace = Files.createDirectories(claudeDir.resolve("work"));
    Map<String, String> env =
        PluginFiles.claudeEnvironment(claudeDir, claude, claudeModel.baseUrl().toString());
    env.put("MCP_TOOL_TIMEOUT", "120000");
    PluginFiles.installKxm(
        claude,
        workspace,
        env,
        "hub_url=" + hub.baseUrl(),
        "project=alpha",
        "agent_name=" + ASKER,
        "auth_token=" + TestEnv.ALPHA);

    PluginFiles.Ran turn =
        claude(
            workspace,
            env,
            claude,
            "-p",
            "Ask pi-reviewer whether PR 9 is ready, and tell me what it says.",
            "--output-format",
            "stream-json",
            "--verbose",
            "--model",
            "claude-sonnet-4-5",
            "--allowedTools",
            "mcp__plugin_kxm_kxm__*");

    assertThat(turn.exit()).as(turn.out() + turn.err()).isZero();
    List<ToolResult> asked =
        claudeRequests().stream().flatMap(r -> r.toolResults().stream()).toList();
    assertThat(asked)
        .filteredOn(r -> r.toolName().equals(FANOUT))
        .singleElement()
        .satisfies(r -> assertThat(r.output()).contains(ANSWER).contains("replied"));
    RecordedRequest piTurn = piModel.requests().getFirst();
    assertThat(piTurn.lastMessageText())
        .as("the request reached pi as a turn, naming who asked")
        .contains(QUESTION, ASKER);
    assertThat(turn.out()).contains("pi-reviewer answered.");
    assertNoInboxReads();
  }

  /** Neither model called kxm_inbox, and no agent asked the hub for its inbox. */
  private void assertNoInboxReads() throws Exception {
    List<RecordedRequest> transcripts = new ArrayList<>(claudeRequests());
    transcripts.addAll(piModel.requests());
    for (RecordedRequest request : transcripts) {
      assertThat(request.toolResults()).noneMatch(r -> r.toolName().endsWith("kxm_inbox"));
    }
    Path log = dir.resolve("hub").resolve("logs").resolve(HubLog.FILE_NAME);
    List<String> requests =
        Files.readAllLines(log).stream()
            .filter(line -> line.contains("\"event\":\"request\""))
            .toList();
    assertThat(requests).as("the hub logs each request it served").isNotEmpty();
    assertThat(requests).noneMatch(line -> line.contains("/inbox"));
  }

  private List<RecordedRequest> claudeRequests() {
    return PluginFiles.sessionRequests(claudeModel);
  }

  private static PluginFiles.Ran claude(
      Path workspace, Map<String, String> env, Path claude, String... args) {
    List<String> command = new ArrayList<>(List.of(claude.toString()));
    command.addAll(List.of(args));
    return PluginFiles.run(workspace, env, Duration.ofMinutes(4), command);
  }
}
