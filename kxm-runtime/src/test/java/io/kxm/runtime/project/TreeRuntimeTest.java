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
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.SettableClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime as the supervisor opens it: over a real {@code .kxm/} tree committed in a real Git
 * repository.
 */
class TreeRuntimeTest {
  @TempDir Path tmp;

  private Path root;
  private Path gates;
  private StatePaths state;

  @BeforeEach
  void committed_starter() throws Exception {
    root = Files.createDirectories(tmp.resolve("repo"));
    StarterConfig.write(root, false);
    gates = root.resolve(".kxm/gates.yaml");
    writeGate("true");
    GitRepository.commitAll(root, "starter");
    state = new StatePaths(Files.createDirectories(tmp.resolve("state")));
  }

  private ProjectRuntime open() {
    return ProjectRuntime.open(
        state,
        root,
        SettableClock.atEpochSecond(1_800_000_000L),
        null,
        new SimulatedProducer(),
        new ProcessGateExecutor());
  }

  private void writeGate(String program) throws IOException {
    Files.writeString(
        gates,
        """
        gates:
          tests:
            description: Runs %s.
            argv: ["%s"]
            timeoutMs: 30000
        """
            .formatted(program, program));
  }

  @Test
  void a_run_runs_its_commit_whatever_the_working_tree_or_a_later_commit_holds() throws Exception {
    try (ProjectRuntime rt = open()) {
      RunSummary first = rt.create("example", "add a changelog");
      assertThat(first.config().dirty()).isFalse();
      assertThat(first.config().commit()).isEqualTo(head());

      writeGate("false");
      assertThatThrownBy(() -> rt.create("example", "another"))
          .isInstanceOf(KxmException.class)
          .hasMessageContaining("in 1 file(s): .kxm/gates.yaml")
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.CONFIG_UNCOMMITTED);
      GitRepository.commitAll(root, "the gate fails now");

      DriveResult done = rt.drive(first.runId(), true);
      assertThat(done.run().run().status()).isEqualTo("completed");
      assertThat(done.run().steps()).extracting(s -> s.status()).containsOnly("passed");
      RunSummary second = rt.create("example", "after the commit");
      assertThat(rt.drive(second.runId(), true).run().run().status()).isEqualTo("failed");
    }
  }

  @Test
  void allow_dirty_runs_the_working_tree_records_it_and_names_a_later_edit() throws Exception {
    try (ProjectRuntime rt = open()) {
      writeGate("false");
      RunSummary dirty = rt.create("example", "try the edit", true);

      assertThat(dirty.config().dirty()).isTrue();
      assertThat(dirty.config().commit()).isEqualTo(head());
      assertThat(dirty.config().uncommitted()).containsExactly(".kxm/gates.yaml");
      assertThat(rt.status(dirty.runId()).run().config()).isEqualTo(dirty.config());
      assertThat(rt.drive(dirty.runId(), true).run().run().status()).isEqualTo("failed");

      RunSummary again = rt.create("example", "and again", true);
      writeGate("true");
      assertThatThrownBy(() -> rt.drive(again.runId(), true))
          .isInstanceOf(KxmException.class)
          .hasMessageContaining("changed since: .kxm/gates.yaml")
          .hasMessageNotContaining("Revisions[")
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUN_REVISION_DRIFT);
    }
  }

  @Test
  void a_project_git_does_not_hold_runs_only_with_allow_dirty() throws Exception {
    GitRepository.git(root, "update-ref", "-d", "HEAD");
    try (ProjectRuntime rt = open()) {
      assertThatThrownBy(() -> rt.create("example", "p"))
          .isInstanceOf(KxmException.class)
          .hasMessageContaining("no commit")
          .hasMessageContaining(".kxm/project.yaml")
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.CONFIG_UNCOMMITTED);
      RunSummary run = rt.create("example", "p", true);
      assertThat(run.config().commit()).isNull();
      assertThat(run.config().dirty()).isTrue();
      assertThat(rt.list()).hasSize(1);
    }
  }

  @Test
  void a_linked_kxm_folder_is_refused_as_validate_refuses_it() throws Exception {
    Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
    Files.move(root.resolve(".kxm"), elsewhere.resolve(".kxm"));
    Files.createSymbolicLink(root.resolve(".kxm"), elsewhere.resolve(".kxm"));
    try (ProjectRuntime rt = open()) {
      assertThatThrownBy(() -> rt.create("example", "p", true))
          .isInstanceOf(KxmException.class)
          .hasMessageContaining("[no-symlink]")
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.CONFIG_TREE_INVALID);
      assertThat(rt.list()).isEmpty();
    }
  }

  private String head() throws Exception {
    return GitRepository.git(root, "rev-parse", "HEAD").strip();
  }

  @Test
  void runtimes_hand_out_one_runtime_per_project_whatever_path_names_it() throws Exception {
    Path alias = Files.createSymbolicLink(tmp.resolve("alias"), root);
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
