package io.kxm.runtime.drive;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Redactor;
import io.kxm.core.secret.SecureFiles;
import io.kxm.core.secret.Tokens;
import io.kxm.runtime.git.Git;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.store.Batch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The Git worktree of one run: created on the run's first writing step from the commit the run
 * pinned its configuration at (the project's {@code HEAD} for a run without one), on the branch
 * {@code kxm/<runId>}, under {@code worktrees/<runId>} of the project's runtime folder. After each
 * writing step its changes are committed on that branch and the patch from the base commit is kept
 * under {@code artifacts/<runId>/}, so the branch and the patch both hold the work once the folder
 * is removed.
 */
public final class RunWorktrees {
  /** A patch larger than this is refused as evidence rather than kept cut. */
  static final int MAX_PATCH_BYTES = 32 * 1024 * 1024;

  private static final String[] IDENTITY = {
    "-c",
    "user.name=KXM runtime",
    "-c",
    "user.email=runtime@kxm.invalid",
    "-c",
    "commit.gpgsign=false"
  };

  private final DriveContext ctx;
  private final String runId;

  RunWorktrees(DriveContext ctx, String runId) {
    this.ctx = ctx;
    this.runId = runId;
  }

  public static RunWorktrees of(DriveContext ctx, String runId) {
    return new RunWorktrees(ctx, runId);
  }

  /** The branch a run's work is committed on. */
  public static String branchOf(String runId) {
    return "kxm/" + runId;
  }

  /** Where the run works: its worktree once it has one, else the project itself. */
  Path workspace() {
    RunState.Work work = ctx.store().load(runId).work();
    return work != null && !work.removed() ? Path.of(work.path()) : ctx.projectRoot();
  }

  /**
   * The run's worktree, created when it has none.
   *
   * @throws KxmException {@code worktree_failed} when the project is no Git repository with a
   *     commit, or git refuses
   */
  Path open() throws InterruptedException {
    RunState state = ctx.store().load(runId);
    RunState.Work work = state.work();
    if (work != null) {
      if (work.removed()) {
        throw failed("the worktree of run " + runId + " was removed; its branch " + work.branch());
      }
      Path path = Path.of(work.path());
      if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
        // the folder went away under a live run: it comes back from the branch that holds the work
        git(ctx.projectRoot(), "worktree", "prune");
        git(ctx.projectRoot(), "worktree", "add", path.toString(), work.branch());
      }
      return path;
    }
    // The commit the run pinned its configuration at, so the agent works on the reviewed tree even
    // when HEAD moved since; a run without a pinned commit starts from HEAD.
    String pinned = state.config() == null ? null : state.config().commit();
    String base =
        text(
            git(
                ctx.projectRoot(),
                "rev-parse",
                "--verify",
                (pinned == null ? "HEAD" : pinned) + "^{commit}"));
    Path path = ctx.runFiles().resolve("worktrees").resolve(runId);
    try {
      SecureFiles.createPrivateDirectories(path.getParent());
    } catch (IOException e) {
      throw failed("cannot create " + path.getParent() + ": " + e.getMessage());
    }
    if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      // left by a drive that died before it recorded the worktree: nothing in it was recorded
      git(ctx.projectRoot(), "worktree", "remove", "--force", path.toString());
    }
    String branch = branchOf(runId);
    git(ctx.projectRoot(), "worktree", "add", "-B", branch, path.toString(), base);
    ctx.append(
        runId,
        st ->
            st.status() == RunStatus.RUNNING && st.work() == null
                ? Batch.of(new RunEvent.WorktreeOpened(path.toString(), branch, base))
                : Batch.none());
    return path;
  }

  /**
   * Commits what the step left in the worktree and keeps the patch from the base commit.
   *
   * @return the event to record; empty when the run has no worktree
   */
  Optional<RunEvent.WorktreeDiffed> diff(String stepId, String attemptId)
      throws InterruptedException {
    RunState.Work work = ctx.store().load(runId).work();
    if (work == null || work.removed()) {
      return Optional.empty();
    }
    Path tree = Path.of(work.path());
    git(tree, "add", "--all");
    Git.Result staged = Git.in(tree).run("diff", "--cached", "--quiet");
    if (staged instanceof Git.Exited e && e.exit() == 1) {
      git(tree, commit("kxm run " + runId + ", step " + stepId + ", attempt " + attemptId));
    }
    String head = text(git(tree, "rev-parse", "--verify", "HEAD^{commit}"));
    Git.Exited patch =
        git(
            Git.in(tree).maxOutputBytes(MAX_PATCH_BYTES),
            "diff",
            "--binary",
            "--no-color",
            "--no-ext-diff",
            work.baseCommit(),
            head);
    if (patch.cut()) {
      throw failed(
          "the patch of run "
              + runId
              + " passes "
              + MAX_PATCH_BYTES
              + " bytes; see "
              + branchOf(runId));
    }
    Stats stats = Stats.of(text(git(tree, "diff", "--numstat", work.baseCommit(), head)));
    Path relative = Path.of("artifacts", runId, stepId + "-" + attemptId + ".patch");
    Path file = ctx.runFiles().resolve(relative);
    try {
      SecureFiles.createPrivateDirectories(file.getParent());
    } catch (IOException e) {
      throw failed("cannot create " + file.getParent() + ": " + e.getMessage());
    }
    SecureFiles.writeOwnerOnly(file, patch.out());
    return Optional.of(
        new RunEvent.WorktreeDiffed(
            stepId,
            attemptId,
            Tokens.sha256Hex(patch.out()),
            patch.out().length,
            stats.files(),
            stats.insertions(),
            stats.deletions(),
            relative.toString(),
            head));
  }

  /** Removes the folder; the branch and the patches stay. */
  public void remove(String reason) throws InterruptedException {
    RunState.Work work = ctx.store().load(runId).work();
    if (work == null || work.removed()) {
      return;
    }
    if (Files.exists(Path.of(work.path()), LinkOption.NOFOLLOW_LINKS)) {
      git(ctx.projectRoot(), "worktree", "remove", "--force", work.path());
    }
    git(ctx.projectRoot(), "worktree", "prune");
    ctx.append(
        runId,
        st ->
            st.work() == null || st.work().removed()
                ? Batch.none()
                : Batch.of(new RunEvent.WorktreeRemoved(work.path(), reason)));
  }

  /**
   * Removes the worktree and the patch artifacts of a run the retention purge is about to delete,
   * without an event: the run's rows go right after. The branch {@code kxm/<runId>} stays, as with
   * {@link #remove}; a patch is in its commits too.
   */
  public void discard() throws InterruptedException {
    deleteTree(ctx.runFiles().resolve("artifacts").resolve(runId));
    RunState.Work work = ctx.store().load(runId).work();
    if (work == null || work.removed()) {
      return;
    }
    if (Files.exists(Path.of(work.path()), LinkOption.NOFOLLOW_LINKS)) {
      git(ctx.projectRoot(), "worktree", "remove", "--force", work.path());
    }
    git(ctx.projectRoot(), "worktree", "prune");
  }

  /** Deletes a folder of plain files and folders; links inside are removed, never followed. */
  private static void deleteTree(Path dir) {
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (var walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw failed("cannot delete " + dir + ": " + e.getMessage());
    }
  }

  /** Files changed and lines added and removed, from {@code git diff --numstat}. */
  record Stats(int files, long insertions, long deletions) {
    static Stats of(String numstat) {
      int files = 0;
      long added = 0;
      long removed = 0;
      for (String line : numstat.lines().toList()) {
        String[] parts = line.split("\t", 3);
        if (parts.length < 3) {
          continue;
        }
        files++;
        // binary files show '-' for both counts
        added += parts[0].equals("-") ? 0 : Long.parseLong(parts[0]);
        removed += parts[1].equals("-") ? 0 : Long.parseLong(parts[1]);
      }
      return new Stats(files, added, removed);
    }
  }

  private static String[] commit(String message) {
    String[] args = new String[IDENTITY.length + 5];
    System.arraycopy(IDENTITY, 0, args, 0, IDENTITY.length);
    args[IDENTITY.length] = "commit";
    args[IDENTITY.length + 1] = "-q";
    args[IDENTITY.length + 2] = "--no-verify";
    args[IDENTITY.length + 3] = "-m";
    args[IDENTITY.length + 4] = message;
    return args;
  }

  private static String text(Git.Exited exited) {
    return exited.text().strip();
  }

  private static Git.Exited git(Path folder, String... args) throws InterruptedException {
    return git(Git.in(folder), args);
  }

  private static Git.Exited git(Git git, String... args) throws InterruptedException {
    return switch (git.run(args)) {
      case Git.NotRun notRun -> throw failed(notRun.reason());
      case Git.Exited exited when !exited.ok() ->
          throw failed(
              "git "
                  + String.join(" ", args)
                  + " failed: exit code "
                  + exited.exit()
                  + ": "
                  + exited.err().strip());
      case Git.Exited exited -> exited;
    };
  }

  private static KxmException failed(String said) {
    return new KxmException(ErrorCode.WORKTREE_FAILED, Redactor.redact(said));
  }
}
