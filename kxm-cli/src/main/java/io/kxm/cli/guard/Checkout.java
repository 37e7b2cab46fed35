package io.kxm.cli.guard;

import io.kxm.core.reserve.PathGlob;
import io.kxm.runtime.git.Git;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The Git working tree a path lies in: its root, which reservations are relative to, and its Git
 * folder, where the hook and the edit log live.
 */
record Checkout(Path root, Path gitDir) {
  static final Duration GIT_TIMEOUT = Duration.ofSeconds(10);

  /** The checkout {@code folder} is in, or empty outside any. */
  static Optional<Checkout> of(Path folder) throws InterruptedException, java.io.IOException {
    if (Git.in(folder)
                .timeout(GIT_TIMEOUT)
                .run("rev-parse", "--show-toplevel", "--absolute-git-dir")
            instanceof Git.Exited exited
        && exited.ok()) {
      String[] lines = exited.text().strip().split("\n");
      if (lines.length == 2) {
        return Optional.of(
            new Checkout(Path.of(lines[0]).toRealPath(), Path.of(lines[1]).toRealPath()));
      }
    }
    return Optional.empty();
  }

  /**
   * {@code file} relative to the root with {@code /} between segments, or empty when it lies
   * outside this checkout (or inside its Git folder).
   */
  Optional<String> relative(Path file) {
    Path absolute = real(file.toAbsolutePath().normalize());
    if (!absolute.startsWith(root) || absolute.startsWith(gitDir) || absolute.equals(root)) {
      return Optional.empty();
    }
    String relative = root.relativize(absolute).toString().replace('\\', '/');
    return Optional.of(PathGlob.normalizePath(relative));
  }

  /**
   * The path with its links resolved as far as it exists, since the root is a real path: a file
   * about to be written has no real path of its own yet.
   */
  private static Path real(Path path) {
    Path existing = path;
    Path rest = Path.of("");
    while (existing != null && !java.nio.file.Files.exists(existing)) {
      rest = existing.getFileName().resolve(rest);
      existing = existing.getParent();
    }
    if (existing == null) {
      return path;
    }
    try {
      return existing.toRealPath().resolve(rest).normalize();
    } catch (java.io.IOException e) {
      return path;
    }
  }
}
