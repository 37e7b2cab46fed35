package io.kxm.hub.http;

import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.error.RateLimitedException;
import io.kxm.core.json.InputJson;
import io.kxm.hub.log.HubLog;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.DatabindException;

/**
 * The one place exceptions become responses. A {@link KxmException} keeps its code; Javalin's own
 * 404, 405 and 413 get ours; anything else is {@code internal}: the body names the request id, the
 * stack trace goes to the hub log only.
 */
public final class ErrorMapper {
  private final HubLog log;
  private final long maxBodyBytes;

  public ErrorMapper(HubLog log, long maxBodyBytes) {
    this.log = log;
    this.maxBodyBytes = maxBodyBytes;
  }

  public void install(JavalinConfig config) {
    config.routes.exception(KxmException.class, this::fromKxm);
    config.routes.exception(HttpResponseException.class, this::fromJavalin);
    config.routes.exception(
        StreamReadException.class, (e, ctx) -> write(ctx, InputJson.refusal(e)));
    config.routes.exception(DatabindException.class, (e, ctx) -> write(ctx, InputJson.refusal(e)));
    config.routes.exception(Exception.class, this::unexpected);
  }

  private void fromKxm(KxmException e, Context ctx) {
    if (e.code() == ErrorCode.INTERNAL) {
      unexpected(e, ctx);
      return;
    }
    write(ctx, e);
  }

  private void fromJavalin(HttpResponseException e, Context ctx) {
    ErrorCode code = ErrorEnvelope.codeForStatus(e.getStatus());
    String message =
        switch (code) {
          case NOT_FOUND -> "no route " + ctx.method().name() + " " + ctx.path();
          case METHOD_NOT_ALLOWED -> methodNotAllowed(e, ctx);
          case BODY_TOO_LARGE -> "the body is larger than the limit of " + maxBodyBytes + " bytes";
          default -> e.getMessage();
        };
    write(ctx, new KxmException(code, message));
  }

  /** RFC 9110 wants the allowed methods in {@code Allow}; Javalin puts them in the details. */
  private static String methodNotAllowed(HttpResponseException e, Context ctx) {
    String allowed =
        e.getDetails().getOrDefault("availableMethods", e.getDetails().get("Available methods"));
    if (allowed == null) {
      return ctx.path() + " does not take " + ctx.method().name();
    }
    ctx.header("Allow", allowed);
    return ctx.path() + " does not take " + ctx.method().name() + "; it takes " + allowed;
  }

  private void unexpected(Exception e, Context ctx) {
    String id = HubRequest.id(ctx);
    log.error("request.failed", id, e.getClass().getName() + ": " + e.getMessage(), e);
    write(
        ctx,
        new KxmException(
            ErrorCode.INTERNAL, "unexpected error; the hub log has it under request " + id));
  }

  static void write(Context ctx, KxmException e) {
    if (e instanceof RateLimitedException limited) {
      ctx.header("Retry-After", Long.toString(limited.retryAfterSeconds()));
    }
    ctx.attribute(HubRequest.ERROR_CODE, e.code());
    ctx.status(ErrorEnvelope.status(e.code()))
        .contentType(ErrorEnvelope.CONTENT_TYPE)
        .result(ErrorEnvelope.bytes(e));
  }
}
