package io.kxm.session.builtin;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Redactor;
import io.kxm.runtime.git.Git;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One Git worktree per session, where the built-in agent's writes and commands land instead of the
 * workspace. It is created detached at the workspace's {@code HEAD} on the session's first write
 * and reused by its later turns; the commit it started from is kept beside it, so every diff is
 * against the same base whatever happens inside.
 */
final class SessionWorktrees {
  private static final Pattern SESSION_ID = Pattern.compile("ses_[a-z0-9]+");

  private final Path folder;

  /**
   * @param folder where worktrees live, {@code runtime/worktrees} under the user state root
   */
  SessionWorktrees(Path folder) {
    this.folder = folder.toAbsolutePath();
  }

  /** A session's worktree and the commit it diffs against. */
  record Worktree(Path path, String base) {}

  Optional<Worktree> existing(String sessionId) {
    Path path = pathOf(sessionId);
    Path base = baseFile(sessionId);
    if (!Files.isDirectory(path) || !Files.isRegularFile(base)) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          new Worktree(path, Files.readString(base, StandardCharsets.UTF_8).strip()));
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.WORKTREE_FAILED, "the base of worktree " + path + " cannot be read: " + e);
    }
  }

  /** The session's worktree, created from {@code workspace}'s {@code HEAD} when it has none. */
  Worktree open(String sessionId, Path workspace) throws InterruptedException {
    Optional<Worktree> known = existing(sessionId);
    if (known.isPresent()) {
      return known.get();
    }
    String base = git(workspace, "rev-parse", "--verify", "HEAD^{commit}");
    Path path = pathOf(sessionId);
    try {
      Files.createDirectories(folder);
    } catch (IOException e) {
      throw new KxmException(ErrorCode.WORKTREE_FAILED, "cannot create " + folder + ": " + e);
    }
    if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      // a worktree whose creation was cut short before its base was written: start it again
      removeLeftover(workspace, path);
    }
    git(workspace, "worktree", "add", "--detach", path.toString(), base);
    try {
      Files.writeString(baseFile(sessionId), base + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new KxmException(ErrorCode.WORKTREE_FAILED, "cannot record the base of " + path, e);
    }
    return new Worktree(path, base);
  }

  private static void removeLeftover(Path workspace, Path path) throws InterruptedException {
    try {
      git(workspace, "worktree", "remove", "--force", path.toString());
      return;
    } catch (KxmException e) {
      // not a worktree Git knows (any more): the folder is only ours to delete
    }
    try (Stream<Path> all = Files.walk(path)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException | UncheckedIOException e) {
      throw new KxmException(
          ErrorCode.WORKTREE_FAILED, "cannot clear the unfinished worktree " + path + ": " + e);
    }
    git(workspace, "worktree", "prune");
  }

  /** Everything that differs from the base, new files included, cut at {@code maxBytes}. */
  static Git.Exited diff(Worktree worktree, int maxBytes) throws InterruptedException {
    // Staging in the worktree's own index makes new files part of the diff; the workspace's
    // index is untouched.
    git(worktree.path(), "add", "--all");
    return git(
        Git.in(worktree.path()).maxOutputBytes(maxBytes),
        "diff",
        "--cached",
        "--no-color",
        worktree.base());
  }

  static String changedFiles(Worktree worktree) throws InterruptedException {
    return git(worktree.path(), "diff", "--cached", "--name-status", worktree.base());
  }

  /** What git printed, stripped; a refusal or failure of git is {@code worktree_failed}. */
  private static String git(Path folder, String... args) throws InterruptedException {
    return git(Git.in(folder), args).text().strip();
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
                  + exited.err());
      case Git.Exited exited -> exited;
    };
  }

  private static KxmException failed(String said) {
    return new KxmException(ErrorCode.WORKTREE_FAILED, Redactor.redact(said));
  }

  private Path pathOf(String sessionId) {
    if (!SESSION_ID.matcher(sessionId).matches()) {
      throw new IllegalArgumentException("not a session id: " + sessionId);
    }
    return folder.resolve(sessionId);
  }

  private Path baseFile(String sessionId) {
    return folder.resolve(sessionId + ".base");
  }
}
