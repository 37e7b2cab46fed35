package io.kxm.cli;

import io.kxm.cli.agent.AgentSessions;
import io.kxm.core.paths.ProjectPaths;
import io.kxm.core.paths.StatePaths;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * What every command may read from outside: environment, working folder and console, and how
 * commands that act as an agent reach the hub.
 */
public record CliContext(
    Map<String, String> env,
    Path workingDir,
    PrintWriter out,
    PrintWriter err,
    AgentSessions agents) {

  /** The real thing: agents connect to the hub over HTTP. */
  public CliContext(Map<String, String> env, Path workingDir, PrintWriter out, PrintWriter err) {
    this(env, workingDir, out, err, AgentSessions.http(Clock.systemUTC()));
  }

  public StatePaths statePaths() {
    return StatePaths.fromEnvironment(env);
  }

  public ProjectPaths projectPaths() {
    return ProjectPaths.fromEnvironment(workingDir, env);
  }
}
