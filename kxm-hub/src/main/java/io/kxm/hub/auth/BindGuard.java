package io.kxm.hub.auth;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.net.Loopback;

/**
 * Refuses to expose a hub beyond loopback unless its admin token existed before this start: set in
 * {@code KXM_AUTH_TOKEN}, or saved in {@code hub-env.json} by an earlier start. A token generated
 * by the very start that opens the port has never been handed to anyone, which is the sign of an
 * accidental exposure, so it does not count. Runs before the port is bound.
 */
public final class BindGuard {
  private BindGuard() {}

  public static void check(String host, HubCredentials credentials) {
    if (Loopback.isLoopback(host) || credentials.adminTokenSource().predatesStart()) {
      return;
    }
    throw new KxmException(
        ErrorCode.BIND_REQUIRES_ADMIN_TOKEN,
        "refusing to bind "
            + host
            + " beyond loopback: no admin token in KXM_AUTH_TOKEN or "
            + credentials.file());
  }
}
