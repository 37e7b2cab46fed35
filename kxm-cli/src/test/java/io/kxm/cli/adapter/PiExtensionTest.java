package io.kxm.cli.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.peer.Limits;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.hub.HubServer;
import io.kxm.hub.log.HubLog;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.HttpFailure;
import io.kxm.testkit.provider.RecordedRequest;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The Pi extension ({@code integrations/pi/index.ts}) loaded by the real {@code pi} CLI in RPC
 * mode, with the fake provider as the model: the extension starts {@code kxm} (a wrapper script on
 * pi's PATH that runs this build) as {@code kxm mcp}, registered with a real hub as agent {@code
 * pi-main}. Another agent, {@code bob}, talks to it through {@code kxm peer}.
 */
class PiExtensionTest {
  static final String AGENT = "pi-main";
  static final Duration WAIT = PiRpc.WAIT;

  @TempDir Path dir;
  HubServer hub;
  FakeProvider provider;
  PiRpc pi;
  Map<String, String> piEnv;
  Path workspace;

  @BeforeEach
  void start() throws Exception {
    AgentClis.require("pi");
    hub = RealHub.start(dir.resolve("hub"));
    provider = FakeProvider.start();
  }

  @AfterEach
  void stop() {
    if (pi != null) {
      pi.close();
    }
    if (piEnv != null && Files.isDirectory(Path.of(piEnv.get("KXM_STATE_HOME")))) {
      // /workflow asks the runtime, which kxm starts when none runs: stop it
      CliRun.run(piEnv, workspace, "runtime", "stop");
    }
    if (provider != null) {
      provider.close();
    }
    if (hub != null) {
      hub.stop();
    }
  }

  @Test
  void the_tools_offered_to_the_model_are_exactly_the_hub_catalog() throws Exception {
    pi = startPi();
    provider.enqueue(Turn.text("I see the kxm tools."));

    pi.prompt("Which tools do you have?");
    pi.awaitEvent(e -> "agent_end".equals(e.path("type").asString()));

    List<String> catalog = ToolCatalog.standard().names();
    assertThat(catalog).hasSize(21);
    assertThat(provider.requests()).hasSize(1);
    assertThat(provider.requests().getFirst().offeredToolNames())
        .containsExactlyInAnyOrderElementsOf(catalog);
  }

  @Test
  void a_kxm_tool_called_by_the_model_answers_from_the_hub() throws Exception {
    pi = startPi();
    provider.enqueue(Turn.toolCall("kxm_list", "{}"));
    provider.when(Rule.whenToolResultFor("kxm_list", Turn.text("pi-main is here.")));

    pi.prompt("Who is in this project?");
    pi.awaitEvent(e -> "agent_end".equals(e.path("type").asString()));

    assertThat(provider.requests().getLast().toolResults())
        .singleElement()
        .satisfies(r -> assertThat(r.output()).contains("\"name\":\"" + AGENT + "\""));
  }

  @Test
  void the_kxm_hub_command_shows_the_hub_the_agent_and_who_is_online() throws Exception {
    pi = startPi();

    pi.prompt("/kxm hub");
    JsonNode shown = pi.awaitNotice(m -> m.contains("agent: " + AGENT));

    assertThat(shown.path("message").asString())
        .contains("hub: " + hub.baseUrl(), "project: alpha", "online: 1 (" + AGENT + ")");
    pi.prompt("/kxm help");
    assertThat(pi.awaitNotice(m -> m.contains("/workflow")).path("message").asString())
        .contains("/kxm memory");
    assertThat(pi.statusLines()).anyMatch(s -> s.startsWith("kxm " + AGENT + " · hub ok"));
    // commands are handled by the extension, never sent to the model
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void the_workflow_and_memory_commands_answer_for_the_project() throws Exception {
    pi = startPi();

    pi.prompt("/workflow");
    JsonNode noProject =
        pi.awaitNotice(m -> m.contains("no active run") || m.contains("kxm runs list failed"));
    CliRun.Result init = CliRun.run(piEnv, workspace, "init");
    assertThat(init.exit()).as(init.err()).isZero();
    pi.prompt("/workflow");
    JsonNode project =
        pi.awaitNotice(m -> m.equals("no active run in this project") || m.contains("failed"));

    assertThat(noProject.path("message").asString())
        .startsWith("no active run: config_not_found")
        .contains("kxm init");
    assertThat(project.path("message").asString()).isEqualTo("no active run in this project");
    Files.createDirectories(workspace.resolve(".kxm/memory"));
    Files.writeString(
        workspace.resolve(".kxm/memory/conventions.md"),
        "---\nname: conventions\ndescription: How code is written here\n---\nTests are sentences.\n");
    pi.prompt("/kxm memory");
    JsonNode memory =
        pi.awaitNotice(m -> m.contains("Tests are sentences") || m.contains("failed"));
    assertThat(memory.path("message").asString()).contains("Tests are sentences.");
  }

  @Test
  void a_request_from_another_agent_becomes_a_pi_turn_and_its_answer_the_reply() throws Exception {
    pi = startPi();
    provider.when(
        Rule.whenLastMessageContains("please review PR 7", Turn.text("PR 7 looks good.")));

    String id = send("bob", "please review PR 7");
    JsonNode seen = awaitReply("bob", id);

    assertThat(seen.path("status").asString()).isEqualTo("replied");
    assertThat(seen.path("reply").asString()).isEqualTo("PR 7 looks good.");
    RecordedRequest asked = provider.requests().getFirst();
    assertThat(asked.lastMessageText()).contains("please review PR 7", "bob", id);
    assertNoInboxPolling();
  }

  @Test
  void a_request_that_arrives_while_pi_works_is_steered_into_the_running_turn() throws Exception {
    pi = startPi();
    // The user's turn calls a tool slowly; the request arrives meanwhile and is taken in before
    // the next model call of the same run.
    provider.enqueue(
        Turn.toolCall("kxm_list", "{}").inPieces(40).withChunkDelay(Duration.ofMillis(250)));
    provider.when(
        Rule.whenLastMessageContains("please check the build", Turn.text("The build is green.")));

    pi.prompt("Look around the project.");
    pi.awaitEvent(e -> "agent_start".equals(e.path("type").asString()));
    String id = send("bob", "please check the build");
    JsonNode seen = awaitReply("bob", id);

    assertThat(seen.path("reply").asString()).isEqualTo("The build is green.");
    assertThat(provider.requests()).hasSize(2);
    RecordedRequest second = provider.requests().get(1);
    assertThat(second.rawBody()).contains("Look around the project.", "\"role\":\"tool\"");
    assertThat(pi.events(e -> "agent_start".equals(e.path("type").asString()))).hasSize(1);
    assertNoInboxPolling();
  }

  @Test
  void an_answer_longer_than_the_hub_takes_is_cut_with_a_note() throws Exception {
    pi = startPi();
    String longAnswer = "a".repeat(Limits.CONTENT_MAX + 500);
    provider.when(Rule.whenLastMessageContains("write a lot", Turn.text(longAnswer).inPieces(8)));

    String id = send("bob", "write a lot");
    String reply = awaitReply("bob", id).path("reply").asString();

    assertThat(reply.codePointCount(0, reply.length())).isLessThanOrEqualTo(Limits.CONTENT_MAX);
    assertThat(reply).startsWith("aaaa").contains("cut by kxm");
  }

  @Test
  void a_failed_model_call_leaves_the_request_open_and_says_why() throws Exception {
    pi = startPi();
    provider.when(
        Rule.whenLastMessageContains(
            "break the model", HttpFailure.of(400, "test-model is not served here")));

    String id = send("bob", "break the model");
    JsonNode shown = pi.awaitNotice(m -> m.contains(id) && m.contains("stays open"));

    assertThat(shown.path("message").asString()).contains("not served here");
    JsonNode seen = get("bob", id);
    assertThat(seen.path("status").asString()).isIn("queued", "delivered");
    assertThat(seen.has("reply")).isFalse();
  }

  @Test
  void a_model_call_that_pi_retries_by_itself_still_ends_in_the_reply() throws Exception {
    pi = startPi();
    provider.enqueue(HttpFailure.serverError());
    provider.enqueue(Turn.text("Answered on the second try."));

    String id = send("bob", "please try twice");
    JsonNode seen = awaitReply("bob", id);

    assertThat(seen.path("reply").asString()).isEqualTo("Answered on the second try.");
    assertThat(pi.events(e -> "auto_retry_start".equals(e.path("type").asString()))).isNotEmpty();
    assertThat(provider.requests()).hasSize(2);
  }

  @Test
  void with_the_admin_token_the_session_starts_without_kxm_tools_and_says_why() throws Exception {
    pi = startPi(Map.of("KXM_AUTH_TOKEN", TestEnv.ADMIN), "kxm: not connected");
    provider.enqueue(Turn.text("No kxm tools here."));

    JsonNode shown = pi.awaitNotice(m -> m.contains("no kxm tools"));
    pi.prompt("Which tools do you have?");
    pi.awaitEvent(e -> "agent_end".equals(e.path("type").asString()));

    assertThat(shown.path("message").asString()).contains("project_forbidden", "admin token");
    assertThat(provider.requests().getFirst().offeredToolNames()).isEmpty();
    JsonNode agents = cli("bob", "peer", "list", "--include-offline", "--json").path("agents");
    assertThat(agents.findValuesAsString("name")).doesNotContain(AGENT);
  }

  // ---- helpers ----

  private PiRpc startPi() throws Exception {
    return startPi(Map.of(), "kxm ");
  }

  /** Pi with the extension as {@link #AGENT}, its environment changed by {@code extra}. */
  private PiRpc startPi(Map<String, String> extra, String statusPrefix) throws Exception {
    PiRpc started = PiRpc.withExtension(dir, hub.baseUrl(), provider, AGENT, extra, statusPrefix);
    piEnv = started.env();
    workspace = started.workspace();
    return started;
  }

  private String send(String from, String content) {
    return cli(from, "peer", "send", "--target", AGENT, "--content", content, "--json")
        .path("messageId")
        .asString();
  }

  private JsonNode get(String agent, String id) {
    return cli(agent, "peer", "get", "--message-id", id, "--json");
  }

  private JsonNode awaitReply(String agent, String id) {
    await()
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(500))
        .failFast("pi exited", () -> !pi.alive())
        .until(() -> "replied".equals(get(agent, id).path("status").asString()));
    return get(agent, id);
  }

  private JsonNode cli(String agent, String... args) {
    CliRun.Result result =
        CliRun.run(TestEnv.agent(dir.resolve("cli-" + agent), hub.baseUrl(), agent), dir, args);
    assertThat(result.exit()).as(result.err()).isZero();
    return Json.read(result.out());
  }

  /** Neither the model nor the extension read the inbox: requests came pushed. */
  private void assertNoInboxPolling() throws IOException {
    for (RecordedRequest request : provider.requests()) {
      assertThat(request.body().path("messages").findValuesAsString("name"))
          .doesNotContain("kxm_inbox");
    }
    Path log = dir.resolve("hub").resolve("logs").resolve(HubLog.FILE_NAME);
    List<String> inboxHits =
        Files.readAllLines(log).stream()
            .filter(line -> line.contains("\"event\":\"request\"") && line.contains("/inbox"))
            .toList();
    assertThat(Files.readString(log)).contains("\"event\":\"request\"");
    assertThat(inboxHits).isEmpty();
  }
}
