package io.kxm.supervisor;

import io.kxm.runtime.api.ProjectRuns;
import java.nio.file.Path;

/**
 * Opens the runs of one project: the run engine the supervisor hosts. The supervisor opens each
 * project once and, when the returned object is {@link AutoCloseable}, closes it on stop; then it
 * closes the factory, which lets go of what its projects shared (a database pool).
 */
@FunctionalInterface
public interface ProjectRunsFactory extends AutoCloseable {

  /**
   * @param project the registered project (canonical root, key)
   * @param storeDir {@code runtime/projects/<key>/}, where its event store lives
   */
  ProjectRuns open(ProjectEntry project, Path storeDir);

  /** Nothing to let go of by default. */
  @Override
  default void close() {}
}
