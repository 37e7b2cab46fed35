package io.kxm.runtime.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.api.DriveResult;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.config.StarterConfig;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.testkit.SettableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runtime as the supervisor opens it: over a real {@code .kxm/} tree on disk. */
class TreeRuntimeTest {
  @TempDir Path tmp;

  @Test
  void the_starter_workflow_runs_from_the_tree_and_an_edit_of_the_tree_refuses_older_runs()
      throws Exception {
    Path root = Files.createDirectories(tmp.resolve("repo"));
    StarterConfig.write(root, false);
    Path gates = root.resolve(".kxm/gates.yaml");
    Files.writeString(
        gates,
        """
        gates:
          tests:
            description: Always passes.
            argv: ["true"]
            timeoutMs: 30000
        """);
    StatePaths state = new StatePaths(Files.createDirectories(tmp.resolve("state")));
    try (ProjectRuntime rt =
        ProjectRuntime.open(
            state,
            root,
            SettableClock.atEpochSecond(1_800_000_000L),
            null,
            new SimulatedProducer(),
            new ProcessGateExecutor())) {
      RunSummary first = rt.create("example", "add a changelog");
      DriveResult done = rt.drive(first.runId(), true);
      assertThat(done.run().run().status()).isEqualTo("completed");
      assertThat(done.run().steps()).extracting(s -> s.status()).containsOnly("passed");

      RunSummary second = rt.create("example", "another");
      Files.writeString(gates, Files.readString(gates).replace("Always passes.", "Still passes."));
      assertThatThrownBy(() -> rt.drive(second.runId(), true))
          .isInstanceOf(KxmException.class)
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUN_REVISION_DRIFT);
    }
  }

  @Test
  void runtimes_hand_out_one_runtime_per_project_whatever_path_names_it() throws Exception {
    Path root = Files.createDirectories(tmp.resolve("repo"));
    StarterConfig.write(root, false);
    Path alias = Files.createSymbolicLink(tmp.resolve("alias"), root);
    StatePaths state = new StatePaths(Files.createDirectories(tmp.resolve("state")));
    try (Runtimes runtimes =
        new Runtimes(
            state,
            SettableClock.atEpochSecond(1_800_000_000L),
            null,
            new SimulatedProducer(),
            new ProcessGateExecutor())) {
      ProjectRuntime viaRoot = runtimes.forProject(root);
      ProjectRuntime viaAlias = runtimes.forProject(alias);

      assertThat(viaAlias).isSameAs(viaRoot);
      assertThat(runtimes.opened()).containsExactly(viaRoot);
      assertThat(viaRoot.eventStoreFile())
          .isEqualTo(
              state.root().resolve("runtime/projects/" + viaRoot.projectKey() + "/run-events.db"));
    }
  }
}
