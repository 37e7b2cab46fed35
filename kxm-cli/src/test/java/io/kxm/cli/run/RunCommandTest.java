package io.kxm.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.core.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the run commands refuse before any supervisor is involved, and their help. */
class RunCommandTest {
  @TempDir Path dir;

  String[] kxm(Path where, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Map<String, String> env =
        Map.of("KXM_STATE_HOME", dir.resolve("state").toString(), "HOME", dir.toString());
    int code =
        new Cli(env, where, new PrintWriter(out, true), new PrintWriter(err, true)).run(args);
    return new String[] {Integer.toString(code), out.toString(), err.toString()};
  }

  @Test
  void run_outside_a_project_is_refused_and_starts_no_supervisor() {
    String[] run = kxm(dir, "run", "example", "hello");
    assertThat(run[0]).isEqualTo("1");
    assertThat(run[2]).startsWith("error: config_not_found:").contains("next: ");
    assertThat(dir.resolve("state/runtime/registry.db")).doesNotExist();
  }

  @Test
  void run_of_an_invalid_tree_lists_the_errors_and_starts_no_supervisor() throws Exception {
    Path project = Files.createDirectories(dir.resolve("p"));
    Files.createDirectories(project.resolve(".git"));
    assertThat(kxm(project, "init")[0]).isEqualTo("0");
    Files.writeString(project.resolve(".kxm/workflows/broken.yaml"), "apiVersion: nope\n");
    String[] run = kxm(project.resolve(".kxm"), "run", "example", "--json");
    assertThat(run[0]).isEqualTo("1");
    assertThat(run[2]).contains("broken.yaml").contains("error: config_tree_invalid:");
    assertThat(run[1]).isEmpty();
    assertThat(dir.resolve("state/runtime/registry.db")).doesNotExist();

    String[] status = kxm(project, "runtime", "status", "--json");
    assertThat(status[0]).isEqualTo("1");
    assertThat(Json.read(status[1]).get("status").asString()).isEqualTo("stopped");
  }

  @Test
  void every_run_and_runtime_command_answers_help() {
    String[][] commands = {
      {"run"},
      {"runs"},
      {"runs", "list"},
      {"runs", "status"},
      {"runs", "drive"},
      {"runs", "receipt"},
      {"runs", "verify"},
      {"runs", "cancel"},
      {"runs", "approve"},
      {"runs", "deny"},
      {"runs", "answer"},
      {"runs", "recover"},
      {"runtime"},
      {"runtime", "start"},
      {"runtime", "stop"},
      {"runtime", "status"}
    };
    for (String[] command : commands) {
      String[] args = java.util.Arrays.copyOf(command, command.length + 1);
      args[command.length] = "--help";
      String[] help = kxm(dir, args);
      assertThat(help[0]).as(String.join(" ", args)).isEqualTo("0");
      assertThat(help[1])
          .as(String.join(" ", args))
          .startsWith("Usage: kxm " + String.join(" ", command));
    }
  }

  @Test
  void recover_needs_a_known_action_and_is_a_usage_error_otherwise() {
    String[] recover = kxm(dir, "runs", "recover", "run_1", "--action", "explode");
    assertThat(recover[0]).isEqualTo("2");
    assertThat(recover[2]).contains("explode");
    String[] missing = kxm(dir, "runs", "recover", "run_1");
    assertThat(missing[0]).isEqualTo("2");
    assertThat(missing[2]).contains("--action");
  }
}
