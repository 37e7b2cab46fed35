package io.kxm.session.builtin;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Resolves the paths a model names against one folder, the workspace or the session's worktree.
 * Only relative paths are taken; each is resolved with its links followed, and anything that ends
 * up outside the folder is refused with {@code workspace_path_forbidden}. A path that does not
 * exist yet is checked through its nearest existing ancestor, so a write can neither climb out with
 * {@code ..} nor through a link planted in a parent. Writes into {@code .git} are refused too, as
 * they could plant hooks that run outside the tools.
 */
final class WorkspacePaths {
  private final Path root;

  /**
   * @param root an existing folder; its real path becomes the boundary
   */
  WorkspacePaths(Path root) {
    try {
      this.root = root.toRealPath();
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.WORKSPACE_ROOT_INVALID, "the workspace " + root + " cannot be read: " + e);
    }
  }

  Path root() {
    return root;
  }

  /** An existing file or folder inside the root, links resolved. */
  Path existing(String relative) {
    Path candidate = lexical(relative);
    if (!Files.exists(candidate)) {
      throw new ToolRefusal("no file or folder '" + relative + "' in the workspace");
    }
    return inside(relative, real(candidate));
  }

  /** Where a write to {@code relative} lands: inside the root, links in its parents resolved. */
  Path writable(String relative) {
    Path candidate = lexical(relative);
    if (Files.isSymbolicLink(candidate)) {
      // a link in the file's own place is followed to where it leads, and checked there
      Path target = inside(relative, real(candidate));
      refuseGit(relative, target);
      return target;
    }
    Path existing = candidate;
    while (!Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
      existing = existing.getParent();
    }
    Path resolved = inside(relative, real(existing)).resolve(existing.relativize(candidate));
    refuseGit(relative, resolved);
    return resolved;
  }

  /** The path relative to the root, for showing to the model. */
  String show(Path path) {
    String shown = root.relativize(path).toString();
    return shown.isEmpty() ? "." : shown;
  }

  private Path lexical(String relative) {
    if (relative == null || relative.isEmpty() || relative.indexOf('\0') >= 0) {
      throw forbidden("a path must be a non-empty relative path, got '" + relative + "'");
    }
    Path path;
    try {
      path = Path.of(relative);
    } catch (InvalidPathException e) {
      throw forbidden("'" + relative + "' is not a path: " + e.getReason());
    }
    if (path.isAbsolute() || relative.startsWith("~")) {
      throw forbidden("'" + relative + "' is absolute; name a path relative to the workspace");
    }
    Path joined = root.resolve(path).normalize();
    if (!joined.startsWith(root)) {
      throw forbidden("'" + relative + "' leads outside the workspace");
    }
    return joined;
  }

  private Path inside(String relative, Path real) {
    if (!real.startsWith(root)) {
      throw forbidden("'" + relative + "' leads outside the workspace through a link");
    }
    return real;
  }

  private void refuseGit(String relative, Path target) {
    Path within = root.relativize(target);
    if (within.getNameCount() > 0 && within.getName(0).toString().equals(".git")) {
      throw forbidden("'" + relative + "' is inside .git, which the tools do not write");
    }
  }

  private static Path real(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException e) {
      // a dangling link or a vanished file: nothing inside the root can be meant
      throw forbidden("'" + path.getFileName() + "' cannot be resolved: " + e.getMessage());
    }
  }

  private static KxmException forbidden(String message) {
    return new KxmException(ErrorCode.WORKSPACE_PATH_FORBIDDEN, message);
  }
}
