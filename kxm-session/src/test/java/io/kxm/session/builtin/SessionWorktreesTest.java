package io.kxm.session.builtin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.git.Git;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session worktree on real Git repositories. */
class SessionWorktreesTest {
  @TempDir Path dir;

  @Test
  void the_worktree_is_made_once_and_diffs_against_its_base_with_new_files() throws Exception {
    Path workspace = BuiltinSessions.gitRepository(dir.resolve("workspace"));
    SessionWorktrees worktrees = new SessionWorktrees(dir.resolve("worktrees"));

    SessionWorktrees.Worktree made = worktrees.open("ses_one", workspace);
    Files.writeString(made.path().resolve("new.txt"), "fresh\n");
    Files.writeString(made.path().resolve("notes.txt"), "changed\n");
    SessionWorktrees.Worktree again = worktrees.open("ses_one", workspace);
    Git.Exited diff = SessionWorktrees.diff(again, 64 * 1024);

    assertThat(again).isEqualTo(made);
    assertThat(made.base()).matches("[0-9a-f]{40}");
    assertThat(diff.text()).contains("+fresh", "-the notes say hello", "+changed");
    assertThat(diff.cut()).isFalse();
    assertThat(SessionWorktrees.changedFiles(again).lines())
        .containsExactlyInAnyOrder("A\tnew.txt", "M\tnotes.txt");
    assertThat(workspace.resolve("new.txt")).doesNotExist();
    assertThat(SessionWorktrees.diff(again, 10).cut()).isTrue();
  }

  @Test
  void an_unfinished_worktree_is_made_again() throws Exception {
    Path workspace = BuiltinSessions.gitRepository(dir.resolve("workspace"));
    Files.createDirectories(dir.resolve("worktrees/ses_two/leftover"));
    SessionWorktrees worktrees = new SessionWorktrees(dir.resolve("worktrees"));

    SessionWorktrees.Worktree made = worktrees.open("ses_two", workspace);

    assertThat(made.path().resolve("notes.txt")).hasContent("the notes say hello\n");
    assertThat(made.path().resolve("leftover")).doesNotExist();
  }

  @Test
  void a_workspace_without_git_cannot_have_one() throws Exception {
    Path plain = Files.createDirectories(dir.resolve("plain"));
    SessionWorktrees worktrees = new SessionWorktrees(dir.resolve("worktrees"));

    assertThatThrownBy(() -> worktrees.open("ses_three", plain))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.WORKTREE_FAILED));
    assertThat(worktrees.existing("ses_three")).isEmpty();
  }
}
