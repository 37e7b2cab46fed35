package io.kxm.runtime.project;

import io.kxm.runtime.api.ProjectBundle;
import io.kxm.runtime.api.Revisions;

/**
 * Reads a project's reviewed {@code .kxm/} tree as it is now. Each call reads again, so a run
 * created or driven after an edit sees the edit (and a drifted run is refused).
 */
public interface ProjectConfig {

  /** The validated bundle; throws the loader's {@code KxmException} for an invalid tree. */
  ProjectBundle bundle();

  /** The revision hashes of the tree as it is now. */
  Revisions revisions();
}
