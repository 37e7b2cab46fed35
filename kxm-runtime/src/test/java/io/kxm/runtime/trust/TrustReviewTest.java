package io.kxm.runtime.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.config.StarterConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The diff against a real Git repository, with the project in a subfolder of it. */
class TrustReviewTest {
  @TempDir Path repo;
  private Path project;

  @BeforeEach
  void commit_a_starter_project_in_a_subfolder() throws Exception {
    project = Files.createDirectories(repo.resolve("service"));
    Git.run(repo, "init", "-q");
    StarterConfig.write(project, false);
    Files.createDirectories(project.resolve(".kxm/state"));
    Files.writeString(project.resolve(".kxm/state/kxm.db"), "runtime data");
    Git.commitAll(repo, "starter");
  }

  @Test
  void an_unchanged_tree_has_an_empty_diff_and_runtime_data_is_ignored() throws Exception {
    Files.writeString(project.resolve(".kxm/state/kxm.db"), "other runtime data");

    TrustDiff diff = TrustReview.diff(project, "HEAD");

    assertThat(diff.changes()).isEmpty();
    assertThat(diff.baseCommit()).matches("[0-9a-f]{40}");
  }

  @Test
  void uncommitted_changes_and_new_files_are_compared_with_the_base() throws Exception {
    Files.writeString(
        project.resolve(".kxm/routes.yaml"),
        "routes:\n  - harness: claude-code\n    model: anthropic/claude-sonnet-4-5\n"
            + "  - harness: codex\n    model: openai/gpt-5\n");
    Files.createDirectories(project.resolve(".kxm/roles"));
    Files.writeString(project.resolve(".kxm/roles/dev.yaml"), "id: dev\ndescription: Devs.\n");
    Files.delete(project.resolve(".kxm/gates.yaml"));

    TrustDiff diff = TrustReview.diff(project, "HEAD");

    assertThat(diff.changes())
        .extracting(TrustChange::file, TrustChange::effect, TrustChange::change)
        .containsExactlyInAnyOrder(
            tuple(".kxm/routes.yaml", TrustEffect.WIDENING, "route-admitted"),
            tuple(".kxm/roles/dev.yaml", TrustEffect.WIDENING, "role-added"),
            tuple(".kxm/gates.yaml", TrustEffect.NARROWING, "gate-removed"));
  }

  @Test
  void an_older_base_revision_is_read_from_git() throws Exception {
    String first = Git.run(repo, "rev-parse", "HEAD").strip();
    Files.writeString(
        project.resolve(".kxm/project.yaml"),
        "name: my-project\ndefaultHarness: claude-code\nlimits:\n  maxConcurrentRuns: 3\n");
    Git.commitAll(repo, "more runs");

    assertThat(TrustReview.diff(project, "HEAD").changes()).isEmpty();
    assertThat(TrustReview.diff(project, first).changes())
        .extracting(TrustChange::change)
        .contains("limit-raised");
  }

  @Test
  void an_unknown_or_option_like_revision_is_refused() {
    assertThatThrownBy(() -> TrustReview.diff(project, "no-such-branch"))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.TRUST_REVISION_UNKNOWN));
    assertThatThrownBy(() -> TrustReview.diff(project, "--output=/tmp/x"))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.TRUST_REVISION_UNKNOWN));
  }

  @Test
  void a_folder_outside_git_is_refused(@TempDir Path plain) {
    StarterConfig.write(plain, false);

    assertThatThrownBy(() -> TrustReview.diff(plain, "HEAD"))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.TRUST_NOT_A_GIT_REPOSITORY));
  }
}
