package io.kxm.session.adapter;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.TurnInput;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** The folder an agent CLI's turn runs in: the session's workspace, which must exist. */
public final class WorkspaceRoot {
  private WorkspaceRoot() {}

  /**
   * @param program the CLI, named in the refusal
   * @throws KxmException {@code harness_start_failed} when the workspace is not the absolute path
   *     of a folder
   */
  public static Path of(TurnInput input, String program) {
    Path root = null;
    try {
      root = input.workspaceRoot() == null ? null : Path.of(input.workspaceRoot());
    } catch (InvalidPathException e) {
      // not a path this system can name: refused below like a missing folder
    }
    if (root == null || !root.isAbsolute() || !Files.isDirectory(root)) {
      throw new KxmException(
          ErrorCode.HARNESS_START_FAILED,
          program
              + " cannot start: workspace root "
              + input.workspaceRoot()
              + " is not the absolute path of a folder");
    }
    return root;
  }
}
