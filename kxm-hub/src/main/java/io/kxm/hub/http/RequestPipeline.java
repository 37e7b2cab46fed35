package io.kxm.hub.http;

import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.router.Endpoint;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.InputJson;
import io.kxm.core.secret.Tokens;
import io.kxm.hub.auth.BearerAuth;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.console.ConsoleSession;
import io.kxm.hub.console.ConsoleSessions;
import io.kxm.hub.guard.BrowserGuard;
import io.kxm.hub.guard.RequestView;
import java.time.Clock;
import java.util.Optional;

/**
 * What runs around every Javalin route, in order: request id; Host and Origin (for every path, so a
 * rebinding page learns nothing, not even which paths exist); then, once a route matched, its body
 * rules and its credential rule; and after the response, the log line and the metric.
 *
 * <p>The credential is the {@code Authorization} header; without one, the console's session cookie
 * stands for the token it was opened with, and then an unsafe method must also carry the session's
 * CSRF value, so a page of another site cannot act through the operator's browser.
 */
public final class RequestPipeline {
  private final BrowserGuard guard;
  private final BearerAuth bearer;
  private final ConsoleSessions consoles;
  private final RequestObserver observer;
  private final Clock clock;

  public RequestPipeline(
      BrowserGuard guard,
      BearerAuth bearer,
      ConsoleSessions consoles,
      RequestObserver observer,
      Clock clock) {
    this.guard = guard;
    this.bearer = bearer;
    this.consoles = consoles;
    this.observer = observer;
    this.clock = clock;
  }

  public void install(JavalinConfig config) {
    config.http.maxRequestSize = guard.maxBodyBytes();
    config.routes.before(this::identifyAndScreen);
    config.routes.beforeMatched(this::checkBodyAndCredential);
    config.requestLogger.http((ctx, ms) -> observe(ctx));
  }

  private void identifyAndScreen(Context ctx) {
    ctx.attribute(HubRequest.STARTED_NANOS, System.nanoTime());
    String id = RequestIds.accept(ctx.header(HubRequest.REQUEST_ID_HEADER), clock);
    ctx.attribute(HubRequest.ID, id);
    ctx.header(HubRequest.REQUEST_ID_HEADER, id);
    guard.checkHostAndOrigin(view(ctx));
  }

  private void checkBodyAndCredential(Context ctx) {
    RoutePolicy policy = policy(ctx);
    RequestView view = view(ctx);
    if (policy.body() == BodyKind.JSON) {
      guard.checkBody(view);
      if (view.writesBody() && view.hasBody()) {
        parseJson(ctx);
      }
    }
    if (policy.access() == Access.PUBLIC) {
      return;
    }
    Principal principal = authenticate(ctx);
    ctx.attribute(HubRequest.PRINCIPAL, principal);
    if (policy.access() == Access.ADMIN) {
      BearerAuth.requireAdmin(principal);
    }
  }

  private Principal authenticate(Context ctx) {
    String authorization = ctx.header("Authorization");
    if (authorization != null) {
      return bearer.authenticate(authorization);
    }
    Optional<ConsoleSession.Resolved> console =
        consoles.resolve(ctx.cookie(ConsoleSessions.COOKIE));
    if (console.isEmpty()) {
      return bearer.authenticate(null);
    }
    ConsoleSession session = console.get().session();
    if (unsafe(ctx.method().name())
        && !Tokens.equal(session.csrf(), ctx.header(ConsoleSessions.CSRF_HEADER))) {
      throw new KxmException(
          ErrorCode.CSRF_INVALID,
          ctx.method().name()
              + " with the console cookie needs the session's "
              + ConsoleSessions.CSRF_HEADER
              + " header");
    }
    ctx.attribute(HubRequest.CONSOLE, session);
    return console.get().principal();
  }

  private static boolean unsafe(String method) {
    return !(method.equals("GET") || method.equals("HEAD") || method.equals("OPTIONS"));
  }

  private static void parseJson(Context ctx) {
    byte[] body = ctx.bodyAsBytes(); // Javalin refuses more than maxRequestSize here (413).
    ctx.attribute(HubRequest.JSON_BODY, InputJson.read(body));
  }

  private void observe(Context ctx) {
    Long started = ctx.attribute(HubRequest.STARTED_NANOS);
    long nanos = started == null ? 0 : System.nanoTime() - started;
    String principal = HubRequest.principal(ctx).map(Principal::kind).orElse("none");
    observer.finished(
        HubRequest.id(ctx), ctx.method().name(), route(ctx), ctx.statusCode(), nanos, principal);
    ErrorCode code = ctx.attribute(HubRequest.ERROR_CODE);
    if (code != null) {
      observer.refused(
          ctx.method().name(), route(ctx), code, HubRequest.principal(ctx).orElse(null));
    }
  }

  private static RoutePolicy policy(Context ctx) {
    Endpoint endpoint = ctx.endpoints().matchedHttpEndpoint();
    RoutePolicy policy = endpoint == null ? null : endpoint.metadata(RoutePolicy.class);
    return policy == null ? RoutePolicy.DEFAULT : policy;
  }

  private static String route(Context ctx) {
    Endpoint endpoint = ctx.endpoints().matchedHttpEndpoint();
    return endpoint == null ? RequestObserver.UNMATCHED : endpoint.path;
  }

  static RequestView view(Context ctx) {
    var req = ctx.req();
    return new RequestView(
        ctx.method().name(),
        ctx.header("Host"),
        ctx.header("Origin"),
        ctx.header("Content-Type"),
        req.getContentLengthLong(),
        req.getHeader("Transfer-Encoding") != null);
  }
}
