package io.kxm.supervisor;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.runtime.project.ProjectRuntime;
import java.time.Clock;

/**
 * The run engine the supervisor hosts in production: one {@link ProjectRuntime} per project, gates
 * as real child processes, the model-free producer for simulated drives. No live producer is wired
 * here, so a live drive of a workflow with agent steps ends in a handoff.
 */
public final class EngineFactory {
  private EngineFactory() {}

  public static ProjectRunsFactory of(StatePaths state, Clock clock) {
    return (project, storeDir) ->
        ProjectRuntime.open(
            state,
            project.canonicalRoot(),
            clock,
            null,
            new SimulatedProducer(),
            new ProcessGateExecutor());
  }
}
