package io.kxm.cli.setup;

import io.kxm.runtime.git.Git;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The folder {@code kxm setup} configures: the Git top level of the working folder, else the
 * working folder itself; and what Git would do with a file in it.
 *
 * @param git whether {@code root} is a Git work tree
 */
record ProjectFolder(Path root, boolean git) {
  private static final Duration GIT_TIMEOUT = Duration.ofSeconds(10);

  static ProjectFolder of(Path workingDir) throws InterruptedException {
    Path here = workingDir.toAbsolutePath().normalize();
    if (Git.in(here).timeout(GIT_TIMEOUT).run("rev-parse", "--show-toplevel")
            instanceof Git.Exited exited
        && exited.ok()
        && !exited.text().isBlank()) {
      return new ProjectFolder(Path.of(exited.text().strip()), true);
    }
    return new ProjectFolder(here, false);
  }

  /** How Git sees a file, for the rule that a token never lands where Git would keep it. */
  enum Tracking {
    /** No Git work tree holds the file. */
    OUTSIDE,
    /** Git ignores the file. */
    IGNORED,
    /** Git tracks the file. */
    TRACKED,
    /** Git does not track the file yet, and would add it with the next {@code git add}. */
    UNTRACKED
  }

  /** How Git sees {@code file}; a file outside the work tree is {@link Tracking#OUTSIDE}. */
  Tracking tracking(Path file) throws InterruptedException {
    Path absolute = file.toAbsolutePath().normalize();
    if (!git || !absolute.startsWith(root)) {
      return Tracking.OUTSIDE;
    }
    String relative = root.relativize(absolute).toString();
    Git in = Git.in(root).timeout(GIT_TIMEOUT);
    if (in.run("ls-files", "--error-unmatch", "--", relative) instanceof Git.Exited tracked
        && tracked.ok()) {
      return Tracking.TRACKED;
    }
    if (in.run("check-ignore", "-q", "--", relative) instanceof Git.Exited ignored
        && ignored.ok()) {
      return Tracking.IGNORED;
    }
    return Tracking.UNTRACKED;
  }
}
