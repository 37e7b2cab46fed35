package io.kxm.core.context;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;
import java.util.Set;

/**
 * Field names that steer what an agent may do rather than describe the project. Context is read by
 * models as plain knowledge, so an item that tries to carry such a field is refused outright: a
 * packet must never smuggle a grant or a credential into an agent's prompt.
 */
public final class ControlPlaneFields {
  private static final Set<String> NAMES =
      Set.of(
          "permissions",
          "permission",
          "tools",
          "toolpolicy",
          "allow",
          "deny",
          "preset",
          "token",
          "tokens",
          "apikey",
          "secret",
          "secrets",
          "credentials",
          "credential",
          "password",
          "scopes",
          "capabilities",
          "grants",
          "env",
          "sandbox");

  private ControlPlaneFields() {}

  /** Whether {@code field} names a control-plane setting, ignoring case, dashes and underscores. */
  public static boolean isControlPlane(String field) {
    return NAMES.contains(field.toLowerCase(Locale.ROOT).replace("_", "").replace("-", ""));
  }

  /**
   * @throws KxmException {@code context_item_invalid} naming the field
   */
  public static void refuse(String field) {
    if (isControlPlane(field)) {
      throw new KxmException(
          ErrorCode.CONTEXT_ITEM_INVALID,
          "context items cannot carry the control-plane field '" + field + "'");
    }
  }
}
