package io.kxm.cli;

import io.kxm.core.paths.ProjectPaths;
import io.kxm.core.paths.StatePaths;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;

/** What every command may read from outside: environment, working folder and console. */
public record CliContext(
    Map<String, String> env, Path workingDir, PrintWriter out, PrintWriter err) {

  public StatePaths statePaths() {
    return StatePaths.fromEnvironment(env);
  }

  public ProjectPaths projectPaths() {
    return ProjectPaths.fromEnvironment(workingDir, env);
  }
}
