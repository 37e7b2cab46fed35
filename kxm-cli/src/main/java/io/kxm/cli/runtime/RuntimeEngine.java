package io.kxm.cli.runtime;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.supervisor.ProjectRunsFactory;

/** The run engine a supervisor started from the CLI hosts. */
public final class RuntimeEngine {
  private RuntimeEngine() {}

  public static ProjectRunsFactory factory() {
    // Replaced by the engine's ProjectRuns implementation once it is merged.
    return (project, storeDir) -> {
      throw new KxmException(
          ErrorCode.RUNTIME_UNREACHABLE,
          "this build has no run engine for " + project.projectKey());
    };
  }
}
