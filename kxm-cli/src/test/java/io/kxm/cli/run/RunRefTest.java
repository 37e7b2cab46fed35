package io.kxm.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One reading of run ids for every command: by prefix, into the kind of run they name. */
class RunRefTest {
  @TempDir Path dir;

  @Test
  void a_run_id_names_its_kind_by_prefix_and_run_stays_a_runtime_run() {
    assertThat(RunRef.parse("srun_01abc")).isEqualTo(new RunRef.SessionRunRef("srun_01abc"));
    assertThat(RunRef.parse("wfr_01abc")).isEqualTo(new RunRef.WorkflowRunRef("wfr_01abc"));
    assertThat(RunRef.parse("run_01abc")).isEqualTo(new RunRef.RuntimeRunRef("run_01abc"));
    assertThat(RunRef.parse("other")).isEqualTo(new RunRef.RuntimeRunRef("other"));
  }

  @Test
  void every_runs_command_refuses_a_hub_workflow_run_before_starting_the_supervisor() {
    for (List<String> command :
        List.of(
            List.of("runs", "status", "wfr_01abc"),
            List.of("runs", "drive", "wfr_01abc"),
            List.of("runs", "receipt", "wfr_01abc"),
            List.of("runs", "verify", "wfr_01abc"),
            List.of("runs", "cancel", "wfr_01abc"),
            List.of("runs", "watch", "wfr_01abc"),
            List.of("runs", "recover", "wfr_01abc", "--action", "retry"),
            List.of("runs", "approve", "wfr_01abc", "int_1"),
            List.of("gate", "signal", "wfr_01abc", "--recovery-action", "retry"))) {
      CliRun.Result result = CliRun.run(TestEnv.of(dir), dir, command.toArray(String[]::new));

      assertThat(result.exit()).as("%s: %s", command, result.err()).isEqualTo(1);
      assertThat(result.err())
          .as("%s", command)
          .contains("error: run_on_hub")
          .contains("wfr_01abc")
          .contains("kxm workflow get");
    }
    assertThat(dir.resolve("state")).doesNotExist();
  }
}
