package io.kxm.cli.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm hook session-start} against a real hub, and with none there. */
class SessionStartCommandTest {
  @TempDir static Path dir;
  static HubServer hub;

  @BeforeAll
  static void start() {
    hub = RealHub.start(dir.resolve("hub"));
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  static CliRun.Result run(Map<String, String> env, Path folder, String... args) {
    return CliRun.run(env, folder, args);
  }

  static JsonNode cli(String agent, String... args) {
    CliRun.Result result = CliRun.run(TestEnv.agent(dir, hub.baseUrl(), agent), dir, args);
    assertThat(result.exit()).as(result.err()).isZero();
    return Json.read(result.out());
  }

  @Test
  void a_hub_that_is_down_is_one_line_of_the_brief_and_the_hook_still_exits_0_quickly() {
    Map<String, String> env = TestEnv.agent(dir, "http://127.0.0.1:1", "rita");
    Instant started = Instant.now();

    CliRun.Result result = run(env, dir, "hook", "session-start");

    assertThat(result.exit()).isZero();
    assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofSeconds(10));
    assertThat(result.out())
        .contains("kxm: hub http://127.0.0.1:1, project alpha: not reachable")
        .contains("kxm up");
  }

  @Test
  void the_brief_lists_the_hub_the_agents_online_and_this_agents_open_requests_without_a_secret()
      throws Exception {
    cli("sam", "peer", "list", "--json");
    String id =
        cli(
                "bob",
                "peer",
                "send",
                "--target",
                "sam",
                "--content",
                "please check the flaky test\nit fails one run in ten",
                "--allow-offline",
                "--json")
            .path("messageId")
            .asString();
    Path work = dir.resolve("work-sam");
    Files.createDirectories(work.resolve(".kxm/memory"));
    Files.writeString(
        work.resolve(".kxm/memory/style.md"),
        "---\nname: style\ndescription: House style\n---\nUse records for values.\n");
    Map<String, String> env = TestEnv.agent(dir, hub.baseUrl(), "sam");

    CliRun.Result text = run(env, work, "hook", "session-start");
    CliRun.Result json = run(env, work, "hook", "session-start", "--json");
    CliRun.Result hookJson = run(env, work, "hook", "session-start", "--claude-hook-json");

    assertThat(text.exit()).isZero();
    assertThat(text.out())
        .contains("kxm: hub " + hub.baseUrl() + ", project alpha: up")
        .contains("you are sam")
        .contains("kxm: 1 open request(s) for you:")
        .contains("from bob, messageId " + id + ": please check the flaky test")
        .doesNotContain("it fails one run in ten")
        .contains("kxm_reply")
        .contains("Use records for values.")
        .doesNotContain(TestEnv.ALPHA);
    JsonNode brief = Json.read(json.out());
    assertThat(brief.path("hub").path("up").asBoolean()).isTrue();
    assertThat(brief.path("hub").path("openRequests").asLong()).isEqualTo(1);
    assertThat(brief.path("hub").path("requests").get(0).path("from").asString()).isEqualTo("bob");
    assertThat(brief.path("runs").path("note").asString()).contains("not running");
    JsonNode hookOutput = Json.read(hookJson.out()).path("hookSpecificOutput");
    assertThat(hookOutput.path("hookEventName").asString()).isEqualTo("SessionStart");
    assertThat(hookOutput.path("additionalContext").asString()).isEqualTo(text.out());
    assertThat(cli("bob", "peer", "get", "--message-id", id, "--json").path("status").asString())
        .as("the brief reads; it acknowledges nothing")
        .isEqualTo("queued");
  }

  @Test
  void without_a_project_token_the_brief_says_so_and_still_shows_the_hub_up() {
    Map<String, String> env = TestEnv.agent(dir, hub.baseUrl(), "tess");
    env.remove("KXM_AUTH_TOKEN");

    CliRun.Result result = run(env, dir, "hook", "session-start");

    assertThat(result.exit()).isZero();
    assertThat(result.out()).contains("project alpha: up").contains("no project token");
  }

  @Test
  void another_projects_token_reads_nothing_of_this_project() {
    Map<String, String> env = TestEnv.agent(dir, hub.baseUrl(), "sam");
    env.put("KXM_AUTH_TOKEN", TestEnv.BETA);

    CliRun.Result result = run(env, dir, "hook", "session-start", "--json");

    assertThat(result.exit()).isZero();
    JsonNode hubPart = Json.read(result.out()).path("hub");
    assertThat(hubPart.path("up").asBoolean()).isTrue();
    assertThat(hubPart.path("note").asString()).startsWith("project_forbidden");
    assertThat(hubPart.has("openRequests")).isFalse();
  }

  @Test
  void an_agent_the_hub_does_not_know_is_not_registered_by_the_brief() {
    Map<String, String> env = TestEnv.agent(dir, hub.baseUrl(), "uma");

    CliRun.Result result = run(env, dir, "hook", "session-start");

    assertThat(result.out()).contains("kxm: no open requests for you");
    JsonNode agents = cli("bob", "peer", "list", "--include-offline", "--json").path("agents");
    assertThat(agents.findValuesAsString("name")).doesNotContain("uma");
  }
}
