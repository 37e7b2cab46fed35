package io.kxm.cli.evolve;

import io.kxm.cli.CliContext;
import io.kxm.core.paths.ProjectPaths;
import java.nio.file.Path;

/** Where an evolution's knowledge database lives: {@code --db}, else the project's state folder. */
public final class EvolveDb {
  static final String DESCRIPTION =
      "Knowledge database of the run (default: .kxm/state/evolve.db in this folder).";

  private EvolveDb() {}

  static Path path(CliContext context, Path option) {
    return option == null
        ? defaultFile(context.projectPaths())
        : context.workingDir().resolve(option).normalize();
  }

  /** The knowledge database an evolution of this project uses without {@code --db}. */
  public static Path defaultFile(ProjectPaths project) {
    return project.stateDir().resolve("evolve.db");
  }
}
