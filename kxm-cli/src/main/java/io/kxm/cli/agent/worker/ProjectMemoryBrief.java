package io.kxm.cli.agent.worker;

import io.kxm.core.error.KxmException;
import io.kxm.runtime.memory.MemoryBrief;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The project's memory brief ({@code .kxm/memory} and promoted skills, as {@code kxm memory brief}
 * shows it), read again for every turn so an edit reaches the next one. A malformed memory file
 * costs the turn its brief, not its answer: the turn runs without it and the reason is logged.
 */
final class ProjectMemoryBrief implements ProjectBrief {
  private static final Logger LOG = LoggerFactory.getLogger(ProjectMemoryBrief.class);

  @Override
  public Optional<String> forWorkspace(Path workspace) {
    try {
      MemoryBrief brief = MemoryBrief.read(workspace);
      return brief.isEmpty() ? Optional.empty() : Optional.of(brief.text());
    } catch (KxmException e) {
      LOG.warn("the turn runs without the project's memory brief: {}", e.getMessage());
      return Optional.empty();
    }
  }
}
