package io.kxm.hub.context;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/** The one isolation rule of context: a caller names its own project or none. */
final class ContextScope {
  private ContextScope() {}

  /**
   * @return the caller's project
   * @throws KxmException {@code context_isolation_violation} when {@code requested} is another one
   */
  static String own(String callerProject, String requested) {
    if (requested != null && !requested.equals(callerProject)) {
      throw new KxmException(
          ErrorCode.CONTEXT_ISOLATION_VIOLATION,
          "project '"
              + requested
              + "' is not this agent's project '"
              + callerProject
              + "'; context never crosses projects");
    }
    return callerProject;
  }
}
