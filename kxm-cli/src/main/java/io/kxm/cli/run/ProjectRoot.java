package io.kxm.cli.run;

import io.kxm.cli.CliContext;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The project a run command acts on: the Git top level above the working folder, else the folder.
 */
public final class ProjectRoot {
  private ProjectRoot() {}

  public static Path of(CliContext context) {
    Path start = context.workingDir().toAbsolutePath().normalize();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      // A worktree or submodule has a .git file instead of a folder; both mark the top level.
      if (Files.exists(dir.resolve(".git"))) {
        return dir;
      }
    }
    return start;
  }
}
