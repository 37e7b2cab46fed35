package io.kxm.supervisor;

import io.kxm.runtime.api.ProjectRuns;
import java.nio.file.Path;

/**
 * Opens the runs of one project: the run engine the supervisor hosts. The supervisor opens each
 * project once and, when the returned object is {@link AutoCloseable}, closes it on stop.
 */
@FunctionalInterface
public interface ProjectRunsFactory {

  /**
   * @param project the registered project (canonical root, key)
   * @param storeDir {@code runtime/projects/<key>/}, where its event store lives
   */
  ProjectRuns open(ProjectEntry project, Path storeDir);
}
