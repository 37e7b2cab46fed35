package io.kxm.runtime.config;

import static io.kxm.runtime.config.ConfigTrees.starter;
import static io.kxm.runtime.config.ConfigTrees.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.ProjectBundle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundleLoaderTest {
  @TempDir Path root;

  @Test
  void the_starter_tree_becomes_a_typed_bundle() {
    ProjectBundle bundle = BundleLoader.load(starter(root));

    assertThat(bundle.projectRoot()).isEqualTo(root.toAbsolutePath().normalize());
    assertThat(bundle.name()).isEqualTo("my-project");
    assertThat(bundle.defaultHarness()).isEqualTo("claude-code");
    assertThat(bundle.maxConcurrentRuns()).isEqualTo(1);
    assertThat(bundle.agents().get("coder"))
        .isEqualTo(
            new ProjectBundle.Agent(
                "coder",
                "claude-code",
                "anthropic/claude-sonnet-4-5",
                "Writes and fixes code in this repository, one small change at a time."));
    assertThat(bundle.gates().get("tests").argv()).containsExactly("git", "diff", "--check");
    assertThat(bundle.gates().get("tests").timeout()).isEqualTo(Duration.ofMinutes(10));
    ProjectBundle.Workflow example = bundle.workflow("example").orElseThrow();
    assertThat(example.coordinator()).isEqualTo("coder");
    assertThat(example.steps())
        .extracting(ProjectBundle.Step::id, ProjectBundle.Step::type)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("implement", "agent"),
            org.assertj.core.groups.Tuple.tuple("check", "gate"));
    assertThat(example.steps().get(1).gate()).isEqualTo("tests");
    assertThat(example.steps().get(0).timeout()).isNull();
  }

  @Test
  void an_agent_without_harness_falls_back_to_the_project_default_and_limits_are_read() {
    starter(root);
    write(
        root,
        "project.yaml",
        "name: demo\ndefaultHarness: claude-code\nlimits:\n  maxConcurrentRuns: 4\n");
    write(
        root,
        "agents/reviewer.yaml",
        "id: reviewer\nmodel: anthropic/claude-sonnet-4-5\npurpose: Reviews changes.\n");
    write(root, "gates.yaml", "gates:\n  lint:\n    argv: [\"true\"]\n    timeoutMs: 5000\n");
    write(
        root,
        "workflows/example.yaml",
        """
        apiVersion: kxm.workflow.v1
        id: example
        coordinator: coder
        steps:
          - id: both
            type: moa
            agents: [coder, reviewer]
            aggregator: coder
            prompt: Compare.
            timeoutMs: 60000
          - id: ok
            type: approval
            prompt: Merge?
            assignments:
              allowedAgents: [reviewer]
          - id: lint
            type: gate
            gate: lint
        """);

    ProjectBundle bundle = BundleLoader.load(root);

    assertThat(bundle.maxConcurrentRuns()).isEqualTo(4);
    assertThat(bundle.agents().get("reviewer").harness()).isEqualTo("claude-code");
    assertThat(bundle.gates().get("lint").timeout()).isEqualTo(Duration.ofSeconds(5));
    List<ProjectBundle.Step> steps = bundle.workflow("example").orElseThrow().steps();
    assertThat(steps.get(0).agents()).containsExactly("coder", "reviewer");
    assertThat(steps.get(0).aggregator()).isEqualTo("coder");
    assertThat(steps.get(0).timeout()).isEqualTo(Duration.ofMinutes(1));
    assertThat(steps.get(1).allowedAgents()).containsExactly("reviewer");
    assertThat(steps.get(1).prompt()).isEqualTo("Merge?");
    assertThat(steps.get(2).agent()).isNull();
  }

  @Test
  void an_invalid_tree_is_refused_with_every_error_listed() {
    starter(root);
    write(root, "agents/coder.yaml", "id: coder\nmodel: nope\n");
    write(root, "project.yaml", "name: demo\nname: again\n");

    assertThatThrownBy(() -> BundleLoader.load(root))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_TREE_INVALID))
        .hasMessageContaining(".kxm/agents/coder.yaml:2: $.model")
        .hasMessageContaining(".kxm/project.yaml:2: $.name")
        .hasMessageContaining("[duplicate-key]");
  }

  @Test
  void a_project_without_kxm_folder_is_refused_as_not_found() {
    assertThatThrownBy(() -> BundleLoader.load(root))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_NOT_FOUND));
  }
}
