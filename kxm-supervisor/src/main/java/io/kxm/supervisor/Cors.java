package io.kxm.supervisor;

import io.javalin.http.Context;

/**
 * CORS answers for an origin listed in {@code KXM_ALLOWED_ORIGINS}. The supervisor echoes that one
 * origin, never {@code *}, and sends no credentials header: a page authenticates with the bearer
 * token it holds itself, because a browser never sends the token file.
 */
final class Cors {
  static final String ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE";
  static final String ALLOWED_HEADERS = "Authorization, Content-Type, Last-Event-ID";

  private Cors() {}

  /** Headers on every answer to an allowed origin, refusals included, so the page can read them. */
  static void allow(Context ctx, String origin) {
    ctx.header("Access-Control-Allow-Origin", origin);
    ctx.header("Vary", "Origin");
  }

  /** A browser's preflight: OPTIONS naming the method it wants to send. */
  static boolean isPreflight(Context ctx) {
    return ctx.method().name().equals("OPTIONS")
        && ctx.header("Access-Control-Request-Method") != null;
  }

  /** Answers a preflight of an allowed origin; it needs no token, as browsers send none there. */
  static void answerPreflight(Context ctx) {
    ctx.header("Access-Control-Allow-Methods", ALLOWED_METHODS);
    ctx.header("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    ctx.header("Access-Control-Max-Age", "600");
    ctx.status(204);
    ctx.skipRemainingHandlers();
  }
}
