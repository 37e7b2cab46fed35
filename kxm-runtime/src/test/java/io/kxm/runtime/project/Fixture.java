package io.kxm.runtime.project;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.api.AgentProducer;
import io.kxm.runtime.api.ConfigPin;
import io.kxm.runtime.api.GateExecutor;
import io.kxm.runtime.api.ProjectBundle;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.testkit.SettableClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A project root, a state root and a runtime over them, with bundles built in code. */
final class Fixture implements AutoCloseable {
  final Path projectRoot;
  final StatePaths state;
  final SettableClock clock = SettableClock.atEpochSecond(1_800_000_000L);
  final MutableConfig config;
  AgentProducer simulated = new SimulatedProducer();
  AgentProducer live = null;
  GateExecutor gates = new ProcessGateExecutor();
  ProjectRuntime runtime;

  Fixture(Path tmp, ProjectBundle.Workflow... workflows) {
    try {
      projectRoot = Files.createDirectories(tmp.resolve("project"));
      state = new StatePaths(Files.createDirectories(tmp.resolve("state")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    config = new MutableConfig(bundle(1, workflows));
  }

  ProjectRuntime open() {
    runtime = ProjectRuntime.open(state, projectRoot, clock, live, simulated, gates, config);
    return runtime;
  }

  /** Closes and opens the runtime again, as a supervisor restart does. */
  ProjectRuntime reopen() {
    runtime.close();
    return open();
  }

  ProjectBundle bundle(int maxConcurrentRuns, ProjectBundle.Workflow... workflows) {
    Map<String, ProjectBundle.Workflow> byId = new LinkedHashMap<>();
    for (ProjectBundle.Workflow w : workflows) {
      byId.put(w.id(), w);
    }
    Map<String, ProjectBundle.Gate> gateMap = new LinkedHashMap<>();
    gateMap.put("ok", gate("ok", List.of("true"), Duration.ofSeconds(30)));
    gateMap.put("bad", gate("bad", List.of("false"), Duration.ofSeconds(30)));
    gateMap.put(
        "missing", gate("missing", List.of("kxm-no-such-program-42"), Duration.ofSeconds(30)));
    gateMap.put("slow", gate("slow", List.of("sleep", "30"), Duration.ofMillis(300)));
    gateMap.put(
        "long",
        gate(
            "long",
            List.of("sh", "-c", "echo $$ > gate.pid; exec sleep 60"),
            Duration.ofSeconds(120)));
    Map<String, ProjectBundle.Agent> agents = new LinkedHashMap<>();
    for (String a : List.of("coder", "reviewer", "critic", "lead", "coordinator")) {
      agents.put(a, new ProjectBundle.Agent(a, "claude-code", null, a + " agent"));
    }
    return new ProjectBundle(
        projectRoot, "demo", "claude-code", maxConcurrentRuns, agents, byId, gateMap);
  }

  static ProjectBundle.Gate gate(String id, List<String> argv, Duration timeout) {
    return new ProjectBundle.Gate(id, id + " gate", argv, timeout);
  }

  static ProjectBundle.Workflow workflow(String id, ProjectBundle.Step... steps) {
    return new ProjectBundle.Workflow(id, id + " workflow", "coder", List.of(steps));
  }

  static ProjectBundle.Step agent(String id, String agent, String prompt) {
    return new ProjectBundle.Step(id, "agent", agent, null, null, null, prompt, null, null);
  }

  static ProjectBundle.Step moa(String id, List<String> agents, String aggregator, String prompt) {
    return new ProjectBundle.Step(id, "moa", null, agents, aggregator, null, prompt, null, null);
  }

  static ProjectBundle.Step gateStep(String id, String gate) {
    return new ProjectBundle.Step(id, "gate", null, null, null, gate, null, null, null);
  }

  static ProjectBundle.Step approval(String id, String question, String... allowed) {
    return new ProjectBundle.Step(
        id, "approval", null, null, null, null, question, null, List.of(allowed));
  }

  static ProjectBundle.Step waitStep(String id, String question) {
    return new ProjectBundle.Step(id, "wait", null, null, null, null, question, null, null);
  }

  @Override
  public void close() {
    if (runtime != null) {
      runtime.close();
    }
  }

  /** A config the test changes by hand, to model edits of the tree. */
  static final class MutableConfig implements ProjectConfig {
    volatile ProjectBundle bundle;
    volatile Revisions revisions = new Revisions("b1", "m1", "e1", "t1");

    MutableConfig(ProjectBundle bundle) {
      this.bundle = bundle;
    }

    @Override
    public ConfigPin pin(boolean allowDirty) {
      return ConfigPin.committed("0".repeat(40));
    }

    @Override
    public ProjectBundle bundle(ConfigPin pin) {
      return bundle;
    }

    @Override
    public Revisions revisions(ConfigPin pin) {
      return revisions;
    }
  }
}
