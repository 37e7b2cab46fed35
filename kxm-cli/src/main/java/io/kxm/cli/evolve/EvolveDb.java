package io.kxm.cli.evolve;

import io.kxm.cli.CliContext;
import java.nio.file.Path;

/** Where an evolution's knowledge database lives: {@code --db}, else the project's state folder. */
final class EvolveDb {
  static final String DESCRIPTION =
      "Knowledge database of the run (default: .kxm/state/evolve.db in this folder).";

  private EvolveDb() {}

  static Path path(CliContext context, Path option) {
    return option == null
        ? context.projectPaths().stateDir().resolve("evolve.db")
        : context.workingDir().resolve(option).normalize();
  }
}
