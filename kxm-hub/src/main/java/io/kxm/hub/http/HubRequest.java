package io.kxm.hub.http;

import io.javalin.http.Context;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.console.ConsoleSession;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What the pipeline attaches to a request for handlers: its id, its principal and its parsed JSON
 * body. The attribute names are plain servlet request attributes, so a servlet filter can set and
 * read the same ones.
 */
public final class HubRequest {
  public static final String REQUEST_ID_HEADER = "X-Request-Id";
  public static final String ID = "kxm.requestId";
  public static final String PRINCIPAL = "kxm.principal";
  public static final String CONSOLE = "kxm.consoleSession";
  static final String JSON_BODY = "kxm.jsonBody";
  static final String ERROR_CODE = "kxm.errorCode";
  static final String STARTED_NANOS = "kxm.startedNanos";

  private HubRequest() {}

  public static String id(Context ctx) {
    String id = ctx.attribute(ID);
    return id == null ? "unknown" : id;
  }

  public static Optional<Principal> principal(Context ctx) {
    return Optional.ofNullable(ctx.attribute(PRINCIPAL));
  }

  /** The caller; for use on routes that are not {@link Access#PUBLIC}. */
  public static Principal requirePrincipal(Context ctx) {
    return principal(ctx)
        .orElseThrow(
            () -> new KxmException(ErrorCode.AUTH_REQUIRED, "this route needs a bearer token"));
  }

  /** The console session the request was authenticated by, when it came with the cookie. */
  public static Optional<ConsoleSession> console(Context ctx) {
    return Optional.ofNullable(ctx.attribute(CONSOLE));
  }

  /** The request body parsed as JSON, or empty when the request had none. */
  public static Optional<JsonNode> jsonBody(Context ctx) {
    return Optional.ofNullable(ctx.attribute(JSON_BODY));
  }
}
