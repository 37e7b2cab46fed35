package io.kxm.supervisor;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.api.ProjectRuns;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.hub.HubHandoffProducer;
import io.kxm.runtime.process.RunningProcesses;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.runtime.project.ProjectRuntime;
import io.kxm.runtime.project.RunEventLogs;
import io.kxm.runtime.project.TreeConfig;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.session.drive.HarnessProducer;
import io.kxm.session.turn.Harnesses;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * The run engine the supervisor hosts in production: one {@link ProjectRuntime} per project, gates
 * as real child processes (sandboxed where gates.yaml asks, recorded so a crash leaves no tree
 * running), live drives through the same harnesses sessions run ({@link HarnessProducer}, their
 * processes recorded the same way) or, for agents that name a {@code hubAgent}, through the bound
 * hub ({@link HubHandoffProducer}), and the model-free producer for simulated drives. Run event
 * logs are kept where {@link RunEventLogs} says: SQLite files, or one PostgreSQL pool for every
 * project.
 */
public final class EngineFactory {
  private EngineFactory() {}

  /** Where each project's running gate processes are recorded, beside its event store. */
  public static final String GATE_PROCESSES = "gate-processes";

  /** Where each project's running live drive harness processes are recorded. */
  public static final String HARNESS_PROCESSES = "harness-processes";

  /** The engine with the supervisor's own environment, as sessions get it. */
  public static ProjectRunsFactory of(StatePaths state, Clock clock) {
    return of(state, clock, System.getenv());
  }

  /**
   * @param environment where the harnesses find their CLIs, credentials and endpoints; filtered for
   *     each turn as a session's is
   */
  public static ProjectRunsFactory of(
      StatePaths state, Clock clock, Map<String, String> environment) {
    return of(state, clock, environment, RunEventLogs.sqlite(state));
  }

  /**
   * @param logs where every project's run event log is kept; the factory owns it and closes it when
   *     the supervisor closes the factory, after its projects
   */
  public static ProjectRunsFactory of(
      StatePaths state, Clock clock, Map<String, String> environment, RunEventLogs logs) {
    Harnesses harnesses = Harnesses.standard(environment, clock);
    Sandbox sandbox = Sandbox.of(environment);
    return new ProjectRunsFactory() {
      @Override
      public ProjectRuns open(ProjectEntry project, Path storeDir) {
        return ProjectRuntime.open(
            state,
            logs,
            project.canonicalRoot(),
            clock,
            new HubHandoffProducer(
                state,
                clock,
                new HarnessProducer(
                    harnesses, new RunningProcesses(storeDir.resolve(HARNESS_PROCESSES)))),
            new SimulatedProducer(),
            new ProcessGateExecutor(
                sandbox, new RunningProcesses(storeDir.resolve(GATE_PROCESSES))),
            new TreeConfig(project.canonicalRoot()));
      }

      @Override
      public void close() {
        logs.close();
      }
    };
  }
}
