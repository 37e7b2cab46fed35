package io.kxm.cli.agent.worker;

import java.nio.file.Path;
import java.util.Optional;

/** The project's brief that opens each turn's prompt; {@link ProjectMemoryBrief} in the product. */
@FunctionalInterface
interface ProjectBrief {
  /** The brief for the project in {@code workspace}; empty when it has none. */
  Optional<String> forWorkspace(Path workspace);
}
