package io.kxm.hub.console;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.Limits;
import io.kxm.hub.agents.AgentProfile;
import io.kxm.hub.auth.ProjectNames;

/**
 * The body of {@code POST /console/sign-in}.
 *
 * @param token the admin or a project token; checked by the hub's credentials, never echoed
 * @param operator who signs in: an agent name (1 to 40 letters, digits, '.', '_' or '-'), which
 *     names the operator's human agent and is written as {@code promotedBy}
 * @param project the project to work in; a project token's own project when absent
 */
public record SignIn(String token, String operator, String project) {
  public static final int OPERATOR_MAX = 40;
  static final int TOKEN_MAX = 512;

  public SignIn {
    if (token == null || token.isBlank()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "token is required");
    }
    if (token.length() > TOKEN_MAX) {
      throw new KxmException(ErrorCode.AUTH_INVALID, "the token is not known to this hub");
    }
    token = token.strip();
    operator = AgentProfile.named(Limits.required("operator", operator, OPERATOR_MAX), null).name();
    project = project == null || project.isBlank() ? null : ProjectNames.require(project.strip());
  }

  /** Never prints the token. */
  @Override
  public String toString() {
    return "SignIn[operator=" + operator + ", project=" + project + "]";
  }
}
