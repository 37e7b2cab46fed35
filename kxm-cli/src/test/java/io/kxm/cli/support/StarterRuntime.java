package io.kxm.cli.support;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.config.StarterConfig;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.runtime.project.ProjectRuntime;
import io.kxm.testkit.GitRepository;
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
      try {
        GitRepository.commitAll(projectRoot, "starter");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
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
