package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The one workspace root a runtime server ({@code kxm runtime serve}) hosts: projects and session
 * workspaces must lie inside it, and the server's own state (registry, token, stores, logs) lives
 * in its {@code .kxm-server/} folder, apart from the user's per-user supervisor.
 *
 * @param root the workspace folder, as its real path
 */
public record ServerWorkspace(Path root) {
  /** The folder under the workspace that holds the server's state, as a state root. */
  public static final String STATE_FOLDER = ".kxm-server";

  /**
   * The workspace at {@code folder}: an existing folder, not a symbolic link and not a file.
   *
   * @throws KxmException {@code runtime_workspace_invalid}
   */
  public static ServerWorkspace of(Path folder) {
    Path path = folder.toAbsolutePath().normalize();
    if (Files.isSymbolicLink(path)) {
      throw invalid(path + " is a symbolic link; pass the folder it points to");
    }
    if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      throw invalid(path + " does not exist");
    }
    if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
      throw invalid(path + " is not a folder");
    }
    try {
      return new ServerWorkspace(path.toRealPath());
    } catch (IOException e) {
      throw invalid(path + " cannot be read: " + e.getMessage());
    }
  }

  /** Where the server keeps its state; its {@code runtime/} folder is the supervisor's. */
  public Path stateRoot() {
    return root.resolve(STATE_FOLDER);
  }

  /**
   * Refuses a real path outside the workspace, or inside the server's own state folder.
   *
   * @throws KxmException {@code outside_server_workspace}
   */
  void admit(Path real, String what) {
    if (!real.startsWith(root) || real.startsWith(stateRoot())) {
      throw new KxmException(
          ErrorCode.OUTSIDE_SERVER_WORKSPACE,
          what + " " + real + " is outside the workspace " + root + " this server hosts");
    }
  }

  /**
   * Refuses a session's {@code workspaceRoot} that resolves outside the workspace. A path that does
   * not resolve, or is not absolute, is left to the session service, which refuses it with its own
   * code.
   */
  void admitSessionRoot(String workspaceRoot) {
    Path real;
    try {
      Path given = Path.of(workspaceRoot);
      if (!given.isAbsolute()) {
        return;
      }
      real = given.toRealPath();
    } catch (IOException | InvalidPathException e) {
      return;
    }
    admit(real, "workspaceRoot");
  }

  private static KxmException invalid(String problem) {
    return new KxmException(ErrorCode.RUNTIME_WORKSPACE_INVALID, "--workspace " + problem);
  }
}
