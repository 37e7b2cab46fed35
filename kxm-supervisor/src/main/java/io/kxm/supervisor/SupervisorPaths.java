package io.kxm.supervisor;

import io.kxm.core.paths.StatePaths;
import java.nio.file.Path;

/**
 * Where the supervisor keeps its machine-level state: everything under {@code runtime/} in the user
 * state root, shared by every project of this OS user.
 */
public record SupervisorPaths(Path runtimeDir) {

  public static SupervisorPaths of(StatePaths state) {
    return new SupervisorPaths(state.root().resolve("runtime"));
  }

  /** The registry: the supervisor row and the registered projects. */
  public Path registry() {
    return runtimeDir.resolve("registry.db");
  }

  /** The bearer token, 0600; the registry keeps only its hash. */
  public Path tokenFile() {
    return runtimeDir.resolve("supervisor.token");
  }

  /** Held while a supervisor starts or runs, so two never claim the registry at once. */
  public Path lockFile() {
    return runtimeDir.resolve("supervisor.lock");
  }

  /** The session store: sessions, their runs, messages, interactions and events, 0600. */
  public Path sessionsDb() {
    return runtimeDir.resolve("sessions.db");
  }

  public Path logsDir() {
    return runtimeDir.resolve("logs");
  }

  public Path logFile() {
    return logsDir().resolve("kxm-runtime.jsonl");
  }

  /** Console output of a supervisor started in the background. */
  public Path consoleLog() {
    return logsDir().resolve("runtime-console.log");
  }

  /** One project's event store folder, by project key. */
  public Path projectDir(String projectKey) {
    return runtimeDir.resolve("projects").resolve(projectKey);
  }
}
