package io.kxm.hub.ops;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.auth.ProjectNames;

/**
 * Which projects one request may see of the operations stream: the admin every project, or the one
 * it names; a project token its own project only.
 *
 * @param project the one project, or null for every project
 */
record OpsScope(String project) {

  static OpsScope of(Principal principal, String requested) {
    String asked = requested == null || requested.isBlank() ? null : requested.strip();
    if (asked != null) {
      ProjectNames.require(asked);
    }
    return switch (principal) {
      case Principal.Admin admin -> new OpsScope(asked);
      case Principal.Project own -> {
        if (asked != null && !asked.equals(own.name())) {
          throw new KxmException(
              ErrorCode.PROJECT_FORBIDDEN,
              "the token of project '"
                  + own.name()
                  + "' cannot read the operations stream of project '"
                  + asked
                  + "'");
        }
        yield new OpsScope(own.name());
      }
    };
  }

  boolean all() {
    return project == null;
  }
}
