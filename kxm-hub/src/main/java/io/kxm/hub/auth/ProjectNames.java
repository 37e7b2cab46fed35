package io.kxm.hub.auth;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.regex.Pattern;

/**
 * The names a project may have: they appear in URLs, file names and log lines. Two projects never
 * share a name that differs only in letter case.
 */
public final class ProjectNames {
  public static final String RULE =
      "a project name is 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit";
  private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  private ProjectNames() {}

  public static boolean isValid(String name) {
    return name != null && VALID.matcher(name).matches();
  }

  /** Returns {@code name}, or refuses it with {@code invalid_request}. */
  public static String require(String name) {
    if (!isValid(name)) {
      String shown = name == null ? "" : name.length() > 80 ? name.substring(0, 80) + "…" : name;
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "invalid project name '" + shown + "': " + RULE);
    }
    return name;
  }

  /** The refusal of {@code project} when the hub already knows it spelled as {@code existing}. */
  public static KxmException taken(String project, String existing) {
    return new KxmException(
        ErrorCode.PROJECT_NAME_TAKEN,
        "project '"
            + project
            + "' differs from the existing project '"
            + existing
            + "' only in letter case; project names are unique ignoring case");
  }
}
