package io.kxm.supervisor;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.gate.GateProcesses;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.runtime.project.ProjectRuntime;
import io.kxm.runtime.sandbox.Sandbox;
import java.time.Clock;

/**
 * The run engine the supervisor hosts in production: one {@link ProjectRuntime} per project, gates
 * as real child processes (sandboxed where gates.yaml asks, recorded so a crash leaves no tree
 * running), the model-free producer for simulated drives. No live producer is wired here, so a live
 * drive of a workflow with agent steps ends in a handoff.
 */
public final class EngineFactory {
  private EngineFactory() {}

  /** Where each project's running gate processes are recorded, beside its event store. */
  static final String GATE_PROCESSES = "gate-processes";

  public static ProjectRunsFactory of(StatePaths state, Clock clock) {
    Sandbox sandbox = Sandbox.of(System.getenv());
    return (project, storeDir) ->
        ProjectRuntime.open(
            state,
            project.canonicalRoot(),
            clock,
            null,
            new SimulatedProducer(),
            new ProcessGateExecutor(sandbox, new GateProcesses(storeDir.resolve(GATE_PROCESSES))));
  }
}
