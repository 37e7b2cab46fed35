package io.kxm.supervisor;

import io.javalin.Javalin;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.json.JavalinJackson3;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.InputJson;
import io.kxm.core.json.Json;
import io.kxm.core.metrics.PrometheusMetrics;
import io.kxm.core.secret.Tokens;
import io.kxm.session.provider.ProviderSettings;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.IntSupplier;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds the supervisor's Javalin application. Around every route, in order: the drain gate (503
 * {@code server_draining} once stopping), Host and Origin (an allowed origin gets its CORS headers
 * and its preflight answered here), then for a matched route the JSON body rule and the bearer
 * token (all but {@code /health}; none with {@code --no-token}). Every refusal is the error
 * envelope {@code {"error": {"code", "message", "hint"}}}.
 */
final class SupervisorApp {
  // a prompt of 256 Ki code points, each up to four bytes, and the rest of its body
  static final long MAX_BODY_BYTES = 1152 * 1024;
  private static final String BODY = "kxm.body";

  private SupervisorApp() {}

  /**
   * @param token the bearer token, also the key of the health proof, which stays in force with
   *     {@code --no-token}
   */
  static Javalin create(
      String token,
      NetworkSettings network,
      Drain drain,
      IntSupplier port,
      RunRoutes runs,
      SessionRoutes sessions,
      ProviderSettings providers,
      PrometheusMetrics metrics,
      SupervisorLog log) {
    SupervisorGuard guard = new SupervisorGuard(port, network);
    return Javalin.create(config ->
        configure(config, token, network, drain, guard, runs, sessions, providers, metrics, log));
  }

  private static void configure(
      JavalinConfig config,
      String token,
      NetworkSettings network,
      Drain drain,
      SupervisorGuard guard,
      RunRoutes runs,
      SessionRoutes sessions,
      ProviderSettings providers,
      PrometheusMetrics metrics,
      SupervisorLog log) {
    config.concurrency.useVirtualThreads = true;
    config.startup.showJavalinBanner = false;
    config.startup.showOldJavalinVersionWarning = false;
    config.startup.startupWatcherEnabled = false;
    config.jsonMapper(new JavalinJackson3(Json.MAPPER, false));
    config.http.prefer405over404 = true;
    config.http.maxRequestSize = MAX_BODY_BYTES;
    config.jetty.host = network.bindHost();
    config.jetty.port = network.port();
    // Calls in flight were already drained; Jetty needs only to close idle connections.
    config.jetty.modifyServer(server -> server.setStopTimeout(1_000));

    config.routes.before(ctx -> {
      drain.enter(ctx);
      String origin = guard.checkHostAndOrigin(ctx.header("Host"), ctx.header("Origin"));
      if (origin != null) {
        Cors.allow(ctx, origin);
        if (Cors.isPreflight(ctx)) {
          Cors.answerPreflight(ctx);
        }
      }
    });
    config.routes.beforeMatched(ctx -> {
      guard.checkBody(
          ctx.method().name(),
          ctx.header("Content-Type"),
          ctx.req().getContentLengthLong(),
          ctx.header("Transfer-Encoding") != null);
      if (network.tokenRequired() && !ctx.path().equals("/health")) {
        checkToken(token, ctx.header("Authorization"));
      }
    });
    config.requestLogger.http((ctx, ms) -> drain.leave(ctx));

    config.routes.get("/health", ctx -> health(ctx, token, network.tokenRequired()));
    runs.install(config.routes);
    sessions.install(config.routes);
    config.routes.get("/v1/providers", ctx -> ctx.json(providersView(providers)));
    // Behind the token like every route but /health: it shows how busy this user's runtime is.
    config.routes.get(
        "/metrics",
        ctx -> ctx.contentType(PrometheusMetrics.CONTENT_TYPE).result(metrics.scrape()));

    config.routes.exception(KxmException.class, (e, ctx) -> write(ctx, e, log));
    config.routes.exception(
        HttpResponseException.class, (e, ctx) -> write(ctx, fromStatus(e.getStatus(), ctx), log));
    config.routes.exception(
        JacksonException.class, (e, ctx) -> write(ctx, InputJson.refusal(e), log));
    config.routes.exception(
        Exception.class,
        (e, ctx) -> {
          String ref = UUID.randomUUID().toString();
          log.error(
              "request.failed",
              Map.of(
                  "ref", ref,
                  "path", ctx.path(),
                  "exception", e.getClass().getName(),
                  "message", String.valueOf(e.getMessage())));
          write(
              ctx,
              new KxmException(
                  ErrorCode.INTERNAL,
                  "unexpected error; the supervisor log has it under reference " + ref),
              log);
        });
  }

  /**
   * {@code GET /v1/providers}: each provider setting harnesses get, with its source; keys show only
   * as {@code set}.
   */
  private static ObjectNode providersView(ProviderSettings providers) {
    ObjectNode out = Json.object();
    out.put("file", providers.file().map(Path::toString).orElse(null));
    ArrayNode settings = out.putArray("settings");
    for (ProviderSettings.Setting s : providers.settings()) {
      settings
          .addObject()
          .put("variable", s.variable())
          .put("provider", s.provider())
          .put("field", s.field())
          .put("value", s.shown())
          .put("source", s.source().wire());
    }
    return out;
  }

  /**
   * The request body as a JSON object, read as strictly as the hub reads its bodies ({@link
   * InputJson}): a repeated key is {@code duplicate_key}, a field outside {@code fields} is {@code
   * unknown_field}. A missing body reads as {@code {}}.
   */
  static JsonNode body(Context ctx, String... fields) {
    JsonNode node = ctx.attribute(BODY);
    if (node == null) {
      byte[] bytes = ctx.bodyAsBytes();
      node = bytes.length == 0 ? Json.object() : InputJson.read(bytes);
      if (!node.isObject()) {
        throw new KxmException(ErrorCode.INVALID_REQUEST, "the body must be a JSON object");
      }
      ctx.attribute(BODY, node);
    }
    InputJson.allowOnly(node, "", Set.of(fields));
    return node;
  }

  private static void health(Context ctx, String token, boolean tokenRequired) {
    String nonce = ctx.queryParam("nonce");
    ObjectNode answer = Json.object().put("ok", true).put("tokenRequired", tokenRequired);
    if (nonce != null) {
      if (!HealthProof.NONCE.matcher(nonce).matches()) {
        throw new KxmException(
            ErrorCode.INVALID_REQUEST,
            "nonce must be 16 to 128 lower-case hex characters",
            "Send a fresh random nonce, for example 32 hex characters.");
      }
      answer.put("proof", HealthProof.prove(token, nonce));
    }
    ctx.json(answer);
  }

  private static void checkToken(String token, String header) {
    if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      throw new KxmException(ErrorCode.RUNTIME_TOKEN_INVALID, "the bearer token is missing");
    }
    if (!Tokens.equal(token, header.substring(7).strip())) {
      throw new KxmException(
          ErrorCode.RUNTIME_TOKEN_INVALID, "the bearer token is not this supervisor's token");
    }
  }

  private static KxmException fromStatus(int status, Context ctx) {
    return switch (status) {
      case 404 ->
          new KxmException(
              ErrorCode.NOT_FOUND, "no route " + ctx.method().name() + " " + ctx.path());
      case 405 ->
          new KxmException(
              ErrorCode.METHOD_NOT_ALLOWED, ctx.path() + " does not take " + ctx.method().name());
      case 413 ->
          new KxmException(
              ErrorCode.BODY_TOO_LARGE,
              "the body is larger than the limit of " + MAX_BODY_BYTES + " bytes");
      default -> new KxmException(ErrorCode.INVALID_REQUEST, "the request was refused");
    };
  }

  static void write(Context ctx, KxmException e, SupervisorLog log) {
    int status = e.code().httpStatus();
    if (status < 400 || status > 599) {
      status = 500;
    }
    ObjectNode root = Json.object();
    root.putObject("error")
        .put("code", e.code().code())
        .put("message", e.getMessage())
        .put("hint", e.hint());
    ctx.status(status).contentType("application/json").result(Json.writeBytes(root));
    if (status >= 500 && e.code() != ErrorCode.SERVER_DRAINING) {
      log.warn("request.refused", Map.of("path", ctx.path(), "code", e.code().code()));
    }
  }
}
