package io.kxm.cli.support;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.config.StarterConfig;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.runtime.project.ProjectRuntime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The run engine over a project that holds the starter {@code .kxm/} ({@code kxm init}), with the
 * model-free producer: real runs, real events, a real outbox.
 */
public final class StarterRuntime {
  private StarterRuntime() {}

  public static ProjectRuntime open(Path projectRoot, StatePaths state) {
    try {
      Files.createDirectories(projectRoot);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (!Files.exists(projectRoot.resolve(".kxm"))) {
      StarterConfig.write(projectRoot, false);
    }
    return ProjectRuntime.open(
        state,
        projectRoot,
        Clock.systemUTC(),
        null,
        new SimulatedProducer(),
        new ProcessGateExecutor());
  }
}
