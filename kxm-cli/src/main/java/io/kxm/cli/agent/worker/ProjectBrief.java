package io.kxm.cli.agent.worker;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The project's memory brief that opens each turn's prompt. This is the seam where the memory
 * layer's brief plugs in: until it does, {@link #NONE} adds nothing and the prompt is the request
 * alone.
 */
@FunctionalInterface
interface ProjectBrief {
  ProjectBrief NONE = workspace -> Optional.empty();

  /** The brief for the project in {@code workspace}; empty when it has none. */
  Optional<String> forWorkspace(Path workspace);
}
