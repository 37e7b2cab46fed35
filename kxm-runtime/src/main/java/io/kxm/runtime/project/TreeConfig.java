package io.kxm.runtime.project;

import io.kxm.runtime.api.ProjectBundle;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.config.BundleLoader;
import io.kxm.runtime.config.RevisionHasher;
import java.nio.file.Path;

/** The project's {@code .kxm/} tree on disk, read again on every call. */
public record TreeConfig(Path projectRoot) implements ProjectConfig {

  @Override
  public ProjectBundle bundle() {
    return BundleLoader.load(projectRoot);
  }

  @Override
  public Revisions revisions() {
    return RevisionHasher.current(projectRoot);
  }
}
