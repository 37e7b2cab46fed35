package io.kxm.cli.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.CliContext;
import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import io.kxm.testkit.GitRepository;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The Claude Code PreToolUse hook at its own interface: hook JSON in, a decision out. */
class PreToolUseCommandTest {
  @TempDir Path dir;
  HubServer hub;
  Path repo;

  @BeforeEach
  void setUp() throws Exception {
    hub = RealHub.start(dir.resolve("hub"));
    repo = GitRepository.withOneCommit(dir.resolve("repo"), "README.md", "hello\n");
  }

  @AfterEach
  void tearDown() {
    if (hub != null) {
      hub.close();
    }
  }

  private String hook(String agent, String tool, Map<String, ?> toolInput) throws Exception {
    String input =
        Json.write(
            Map.of(
                "hook_event_name",
                "PreToolUse",
                "tool_name",
                tool,
                "cwd",
                repo.toString(),
                "tool_input",
                toolInput));
    StringWriter out = new StringWriter();
    Map<String, String> env =
        hub == null
            ? TestEnv.agent(dir, "http://127.0.0.1:9", agent)
            : TestEnv.agent(dir, hub.baseUrl(), agent);
    CliContext context =
        new CliContext(env, repo, new PrintWriter(out, true), new PrintWriter(new StringWriter()));
    int exit =
        new PreToolUseCommand(
                context, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)))
            .call();
    assertThat(exit).isZero();
    return out.toString();
  }

  private static String denial(String output) {
    JsonNode decision = Json.read(output).path("hookSpecificOutput");
    assertThat(decision.path("hookEventName").asString()).isEqualTo("PreToolUse");
    assertThat(decision.path("permissionDecision").asString()).isEqualTo("deny");
    return decision.path("permissionDecisionReason").asString();
  }

  private void reserve(String agent, String... paths) {
    CliRun.Result made =
        CliRun.run(
            TestEnv.agent(dir, hub.baseUrl(), agent),
            repo,
            "reserve",
            "--paths",
            String.join(",", paths),
            "--reason",
            "schema change");
    assertThat(made.exit()).as(made.err()).isZero();
  }

  @Test
  void an_edit_of_a_file_another_agent_holds_is_denied_naming_the_holder() throws Exception {
    reserve("bob", "db/**");

    String reason =
        denial(
            hook("alice", "Edit", Map.of("file_path", repo.resolve("db/schema.sql").toString())));

    assertThat(reason).contains("reservation_conflict", "db/schema.sql", "bob", "schema change");
  }

  @Test
  void a_held_file_whose_name_is_no_glob_is_denied_like_any_other() throws Exception {
    reserve("bob", "db/**");

    String reason =
        denial(hook("alice", "Write", Map.of("file_path", repo.resolve("db/a[1].sql").toString())));

    assertThat(reason).contains("reservation_conflict", "db/a[1].sql", "bob");
  }

  @Test
  void a_free_file_and_the_holders_own_file_may_be_edited_and_the_edit_is_logged()
      throws Exception {
    reserve("bob", "db/**");

    assertThat(hook("alice", "Write", Map.of("file_path", repo.resolve("web/app.js").toString())))
        .isEmpty();
    assertThat(hook("bob", "Write", Map.of("file_path", repo.resolve("db/new.sql").toString())))
        .isEmpty();
    assertThat(Files.readString(repo.resolve(".git/kxm/edits.json")))
        .contains("db/new.sql")
        .doesNotContain("web/app.js");
  }

  @Test
  void other_tools_and_files_outside_the_checkout_pass_without_asking_the_hub() throws Exception {
    hub.close();
    hub = null;

    assertThat(hook("alice", "Bash", Map.of("command", "ls"))).isEmpty();
    assertThat(hook("alice", "Write", Map.of("file_path", dir.resolve("elsewhere.txt").toString())))
        .isEmpty();
  }

  @Test
  void with_the_hub_unreachable_an_edit_is_denied_saying_why() throws Exception {
    hub.close();
    hub = null;

    String reason =
        denial(hook("alice", "Edit", Map.of("file_path", repo.resolve("README.md").toString())));

    assertThat(reason).contains("hub_unreachable", "could not read the project's reservations");
  }

  @Test
  void input_that_is_not_json_is_denied() throws Exception {
    StringWriter out = new StringWriter();
    CliContext context =
        new CliContext(
            TestEnv.agent(dir, hub.baseUrl(), "alice"),
            repo,
            new PrintWriter(out, true),
            new PrintWriter(new StringWriter()));
    new PreToolUseCommand(context, new ByteArrayInputStream("{not json".getBytes())).call();
    assertThat(denial(out.toString())).contains("not JSON");
  }
}
