package io.kxm.runtime.project;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.api.AgentProducer;
import io.kxm.runtime.api.GateExecutor;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands out one {@link ProjectRuntime} per project, opened on first use and shared afterwards, so
 * that every caller of a project goes through the same drive locks and store connection. The
 * supervisor holds one of these for its lifetime.
 */
public final class Runtimes implements AutoCloseable {
  private final StatePaths state;
  private final Clock clock;
  private final AgentProducer live;
  private final AgentProducer simulated;
  private final GateExecutor gates;
  private final Map<String, ProjectRuntime> open = new ConcurrentHashMap<>();

  public Runtimes(
      StatePaths state,
      Clock clock,
      AgentProducer live,
      AgentProducer simulated,
      GateExecutor gates) {
    this.state = state;
    this.clock = clock;
    this.live = live;
    this.simulated = simulated;
    this.gates = gates;
  }

  /** The runtime of the project whose root is {@code projectRoot} (any path to the same tree). */
  public ProjectRuntime forProject(Path projectRoot) {
    Path root = ProjectKeys.canonical(projectRoot);
    return open.computeIfAbsent(
        ProjectKeys.key(root),
        key -> ProjectRuntime.open(state, root, clock, live, simulated, gates));
  }

  /** Every project opened so far, for reconcile at start and for the sync pusher. */
  public List<ProjectRuntime> opened() {
    return List.copyOf(open.values());
  }

  @Override
  public void close() {
    open.values().forEach(ProjectRuntime::close);
    open.clear();
  }
}
