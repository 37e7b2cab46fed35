package io.kxm.cli.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Refusals the CLI makes itself, before it starts or calls any supervisor. */
class SessionInputErrorsTest {
  @TempDir Path dir;

  CliRun.Result kxm(String... args) {
    Map<String, String> env = TestEnv.of(dir);
    return CliRun.run(env, dir, args);
  }

  @Test
  void session_new_without_an_agent_command_is_a_usage_error() {
    CliRun.Result result = kxm("session", "new", "--json");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("PROGRAM").contains("kxm session new --help");
    assertThat(dir.resolve("state")).doesNotExist();
  }

  @Test
  void session_new_refuses_a_harness_it_does_not_know_a_program_for_an_agent_cli_and_no_model() {
    CliRun.Result unknown = kxm("session", "new", "--harness", "gemini", "--model", "x/y");
    CliRun.Result program =
        kxm("session", "new", "--harness", "builtin", "--model", "anthropic/m", "--", "python3");
    CliRun.Result noModel = kxm("session", "new", "--harness", "codex");

    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("--harness takes one of").contains("gemini");
    assertThat(program.exit()).isEqualTo(2);
    assertThat(program.err()).contains("only --harness command takes a PROGRAM");
    assertThat(noModel.exit()).isEqualTo(2);
    assertThat(noModel.err()).contains("--harness codex needs --model");
    assertThat(dir.resolve("state")).doesNotExist();
  }

  @Test
  void session_new_in_a_folder_that_does_not_exist_names_the_code_and_starts_nothing() {
    CliRun.Result result =
        kxm("session", "new", "--workspace", "missing/folder", "--", "python3", "agent.py");

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err())
        .contains("error: workspace_root_invalid")
        .contains(dir.resolve("missing/folder").toString())
        .contains("next: ");
    assertThat(dir.resolve("state")).doesNotExist();
  }

  @Test
  void runs_watch_with_a_negative_cursor_is_a_usage_error() {
    CliRun.Result result = kxm("runs", "watch", "srun_x", "--after", "-1");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("--after").contains("kxm runs watch --help");
  }

  @Test
  void runs_watch_of_a_workflow_run_with_an_event_cursor_is_a_usage_error() {
    CliRun.Result result = kxm("runs", "watch", "run_abc", "--after", "3");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("--after applies to session runs");
    assertThat(dir.resolve("state")).doesNotExist();
  }

  @Test
  void session_list_with_a_limit_below_one_is_a_usage_error() {
    CliRun.Result result = kxm("session", "list", "--limit", "0");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("--limit");
    assertThat(dir.resolve("state")).doesNotExist();
  }

  @Test
  void session_run_without_a_prompt_is_a_usage_error() {
    CliRun.Result result = kxm("session", "run", "ses_x");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("PROMPT");
  }

  @Test
  void session_help_describes_agent_sessions_and_the_token() throws Exception {
    CliRun.Result result = kxm("session", "--help");

    assertThat(result.exit()).isZero();
    assertThat(result.out())
        .contains("new", "run", "list", "show", "token")
        .contains("runtime supervisor")
        .contains("session token");
    assertThat(Files.exists(dir.resolve("state"))).isFalse();
  }
}
