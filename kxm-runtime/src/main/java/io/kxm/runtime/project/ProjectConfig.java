package io.kxm.runtime.project;

import io.kxm.runtime.api.ConfigPin;
import io.kxm.runtime.api.ProjectBundle;
import io.kxm.runtime.api.Revisions;
import java.util.List;

/**
 * A project's reviewed {@code .kxm/} tree: which one a new run pins, and what a pinned run reads on
 * each drive. Each call reads again.
 */
public interface ProjectConfig {

  /**
   * What a new run pins now.
   *
   * @param allowDirty pin the working tree when it differs from the commit
   * @throws io.kxm.core.error.KxmException {@code config_uncommitted} naming the files when the
   *     working tree differs and {@code allowDirty} is not set
   */
  ConfigPin pin(boolean allowDirty);

  /**
   * The validated bundle of {@code pin}; a null pin (a run recorded before pins) reads the working
   * tree. Throws the loader's {@code KxmException} for an invalid tree.
   */
  ProjectBundle bundle(ConfigPin pin);

  /** The revision hashes of {@code pin} as they read now. */
  Revisions revisions(ConfigPin pin);

  /**
   * The files of a dirty or unpinned run that changed since it was created, for a refusal that
   * names them; empty when none can be named.
   */
  default List<String> changedSince(ConfigPin pin) {
    return List.of();
  }
}
