package io.kxm.cli.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The plugin as a user gets it: the real {@code claude} CLI adds this repository as a marketplace,
 * installs {@code kxm@kxm} with its settings, and runs a print-mode turn against a scripted model
 * on loopback, with a real hub behind the plugin's {@code kxm mcp}. Channels need an Anthropic
 * account with the feature on, which a scripted provider is not, so the peer's request is read
 * through the documented pull fallback ({@code kxm_inbox}) and answered with {@code kxm_reply}.
 */
class ClaudeCodePluginTest {
  static final String SERVER = "mcp__plugin_kxm_kxm__";
  static final String INBOX = SERVER + "kxm_inbox";
  static final String REPLY = SERVER + "kxm_reply";

  @TempDir Path dir;
  FakeProvider provider;
  HubServer hub;
  Path claude;
  Map<String, String> env;

  @BeforeEach
  void setUp() throws Exception {
    claude = AgentClis.require("claude");
    provider = FakeProvider.start();
    provider.when(PluginFiles.titleRequests());
    hub = RealHub.start(dir.resolve("hub"));
    Files.createDirectories(workspace());
    // Offers MCP tools up front and waits for kxm mcp's JVM before the first model call.
    env = PluginFiles.claudeEnvironment(dir, claude, provider.baseUrl().toString());
  }

  @AfterEach
  void tearDown() {
    if (provider != null) {
      provider.close();
    }
    if (hub != null) {
      hub.close();
    }
  }

  @Test
  void the_installed_plugin_briefs_the_session_and_its_tools_answer_a_peer_through_the_hub()
      throws Exception {
    PluginFiles.installKxm(
        claude,
        workspace(),
        env,
        "hub_url=" + hub.baseUrl(),
        "project=alpha",
        "agent_name=claude-main",
        "agent_purpose=answers questions about the build",
        "auth_token=" + TestEnv.ALPHA);
    assertThat(Files.readString(dir.resolve("claude-config/settings.json")))
        .as("the token is a sensitive setting, kept out of settings.json")
        .doesNotContain(TestEnv.ALPHA)
        .contains("claude-main");
    // The agent exists on the hub (as after an earlier session), and a peer asks it something.
    peer("claude-main", "peer", "list", "--json");
    String id =
        peer(
                "bob",
                "peer",
                "send",
                "--target",
                "claude-main",
                "--content",
                "Which JDK does the build need?",
                "--allow-offline",
                "--json")
            .path("messageId")
            .asString();
    provider.when(
        Rule.whenToolResultFor(
            INBOX,
            Turn.toolCall(
                REPLY,
                Json.write(
                    Map.of("messageId", id, "content", "JDK 21 or newer; mvnw finds it.")))));
    provider.when(Rule.whenToolResultFor(REPLY, Turn.text("Answered bob.")));
    provider.enqueue(Turn.toolCall(INBOX, "{}"));

    PluginFiles.Ran turn =
        claude(
            "-p",
            "Answer the requests your peers sent you.",
            "--output-format",
            "stream-json",
            "--verbose",
            "--model",
            "claude-sonnet-4-5",
            "--allowedTools",
            SERVER + "*");

    assertThat(turn.exit()).as(turn.out() + turn.err()).isZero();
    RecordedRequest first = modelRequests().getFirst();
    assertThat(first.rawBody())
        .as("the SessionStart brief reaches the model's first request")
        .contains("kxm: hub " + hub.baseUrl() + ", project alpha: up")
        .contains("you are claude-main")
        .contains("1 open request(s) for you")
        .contains("from bob, messageId " + id + ": Which JDK does the build need?")
        .doesNotContain(TestEnv.ALPHA);
    assertThat(first.offeredToolNames()).contains(INBOX, REPLY);
    List<ToolResult> results =
        modelRequests().stream().flatMap(r -> r.toolResults().stream()).toList();
    assertThat(results)
        .filteredOn(r -> r.toolName().equals(INBOX))
        .singleElement()
        .satisfies(
            r -> assertThat(r.output()).contains(id).contains("Which JDK does the build need?"));
    assertThat(results)
        .filteredOn(r -> r.toolName().equals(REPLY))
        .singleElement()
        .satisfies(r -> assertThat(r.output()).contains("replied"));
    JsonNode seenByBob = peer("bob", "peer", "get", "--message-id", id, "--json");
    assertThat(seenByBob.path("status").asString()).isEqualTo("replied");
    assertThat(seenByBob.path("reply").asString()).isEqualTo("JDK 21 or newer; mvnw finds it.");
    assertThat(turn.out()).contains("Answered bob.");
  }

  private PluginFiles.Ran claude(String... args) {
    List<String> command = new ArrayList<>(List.of(claude.toString()));
    command.addAll(List.of(args));
    return PluginFiles.run(workspace(), env, Duration.ofMinutes(4), command);
  }

  private JsonNode peer(String agent, String... args) {
    CliRun.Result result = CliRun.run(TestEnv.agent(dir, hub.baseUrl(), agent), dir, args);
    assertThat(result.exit()).as(result.err()).isZero();
    return Json.read(result.out());
  }

  private List<RecordedRequest> modelRequests() {
    return PluginFiles.sessionRequests(provider);
  }

  private Path workspace() {
    return dir.resolve("work");
  }
}
