package io.kxm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliInputErrorsTest {
  @TempDir Path dir;

  private Map<String, String> env() {
    return Map.of("KXM_STATE_HOME", dir.resolve("state").toString(), "HOME", dir.toString());
  }

  @Test
  void an_unknown_flag_is_a_usage_error_with_one_line_and_exit_code_2() {
    CliRun run = CliRun.run(env(), dir, "hub", "status", "--bogus");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err()).contains("--bogus").contains("kxm hub status --help");
  }

  @Test
  void a_port_out_of_range_is_a_usage_error() {
    CliRun run = CliRun.run(env(), dir, "hub", "start", "--port", "70000");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--port must be between 0 and 65535");
  }

  @Test
  void a_port_that_is_not_a_number_is_a_usage_error() {
    CliRun run = CliRun.run(env(), dir, "up", "--port", "http");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--port");
  }

  @Test
  void a_group_without_a_command_names_the_choices() {
    CliRun run = CliRun.run(env(), dir, "hub");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("start, stop, status");
  }

  @Test
  void help_lists_every_group_while_a_command_builds_only_its_own() {
    CliRun help = CliRun.run(env(), dir, "--help");
    CliRun version = CliRun.run(env(), dir, "--version");
    CliRun typo = CliRun.run(env(), dir, "sesion");

    assertThat(help.exitCode()).isZero();
    for (Class<?> group : CommandGroups.ALL) {
      assertThat(help.out()).contains("  " + CommandGroups.name(group) + " ");
    }
    assertThat(help.out()).contains("  peer ").contains("  workflow ");
    assertThat(version.exitCode()).isZero();
    assertThat(version.out()).startsWith("kxm ");
    assertThat(typo.exitCode()).isEqualTo(2);
    assertThat(typo.err()).contains("sesion").contains("did you mean session");
  }

  @Test
  void every_command_has_help() {
    for (String[] args :
        new String[][] {
          {"--help"},
          {"up", "--help"},
          {"hub", "--help"},
          {"hub", "start", "--help"},
          {"hub", "stop", "--help"},
          {"hub", "status", "--help"},
          {"auth", "project-token", "create", "--help"}
        }) {
      CliRun run = CliRun.run(env(), dir, args);
      assertThat(run.exitCode()).as(String.join(" ", args)).isZero();
      assertThat(run.out()).as(String.join(" ", args)).contains("Usage:");
    }
  }

  @Test
  void a_state_root_that_cannot_be_created_fails_with_its_code_and_no_stack_trace()
      throws Exception {
    Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
    Map<String, String> env = Map.of("KXM_STATE_HOME", file.resolve("state").toString());

    CliRun run = CliRun.run(env, dir, "auth", "project-token", "create", "demo");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).startsWith("error: state_dir_unusable:").contains("next:");
    assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception");
  }

  @Test
  void a_relative_state_root_is_refused() {
    CliRun run =
        CliRun.run(Map.of("KXM_STATE_HOME", "relative/state"), dir, "hub", "start", "--foreground");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .startsWith("error: config_invalid:")
        .contains("KXM_STATE_HOME")
        .contains("absolute");
  }

  @Test
  void a_corrupt_database_file_fails_the_start_with_store_corrupt_and_no_stack_trace()
      throws Exception {
    Path db = dir.resolve(".kxm/state/kxm.db");
    Files.createDirectories(db.getParent());
    Files.write(
        db,
        "this is not a database, just some bytes ".repeat(200).getBytes(StandardCharsets.UTF_8));

    CliRun run = CliRun.run(env(), dir, "hub", "start", "--foreground", "--port", "0");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).startsWith("error: store_corrupt:").contains(db.toString());
    assertThat(run.err()).doesNotContain("\tat ");
  }

  @Test
  void stopping_a_hub_that_is_not_running_says_so() {
    CliRun run = CliRun.run(env(), dir, "hub", "stop");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).startsWith("error: hub_not_running:");
  }

  @Test
  void a_bad_port_in_the_environment_is_a_config_error() {
    Map<String, String> env = new java.util.HashMap<>(env());
    env.put("KXM_PORT", "seventy");

    CliRun run = CliRun.run(env, dir, "hub", "start", "--foreground");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).startsWith("error: config_invalid:").contains("KXM_PORT");
  }

  @Test
  void a_project_token_is_created_once_and_printed_as_json() {
    CliRun run = CliRun.run(env(), dir, "auth", "project-token", "create", "demo", "--json");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).startsWith("{\"project\":\"demo\",\"token\":\"kxm_project_");

    CliRun again = CliRun.run(env(), dir, "auth", "project-token", "create", "demo");
    assertThat(again.exitCode()).isEqualTo(1);
    assertThat(again.err()).startsWith("error: project_token_exists:");
  }

  @Test
  void an_invalid_project_name_is_refused() {
    CliRun run = CliRun.run(env(), dir, "auth", "project-token", "create", "../etc");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).startsWith("error: ");
  }
}
