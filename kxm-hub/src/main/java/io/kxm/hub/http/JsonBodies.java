package io.kxm.hub.http;

import io.javalin.http.Context;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Turns a route's JSON body, or an absent one, into a request record. A record that refuses its
 * input keeps its own code ({@code value_too_long}, {@code value_out_of_range}); only a body of the
 * wrong shape becomes {@code invalid_request}.
 */
public final class JsonBodies {
  private JsonBodies() {}

  /** The body as {@code type}; an empty body reads as {@code {}}. */
  public static <T> T read(Context ctx, Class<T> type) {
    JsonNode body = HubRequest.jsonBody(ctx).orElseGet(Json::object);
    if (!body.isObject()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "the body must be a JSON object");
    }
    try {
      return Json.MAPPER.treeToValue(body, type);
    } catch (JacksonException e) {
      for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
        if (cause instanceof KxmException refusal) {
          throw refusal;
        }
      }
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "the body does not fit this route: " + e.getOriginalMessage());
    }
  }

  /** A {@code true}/{@code false} query parameter, or {@code fallback} when absent. */
  public static boolean queryFlag(Context ctx, String name, boolean fallback) {
    String value = ctx.queryParam(name);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    return switch (value.strip()) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw new KxmException(
              ErrorCode.INVALID_REQUEST, name + " must be true or false, got '" + value + "'");
    };
  }

  /** A whole-number query parameter, or null when absent. */
  public static Long queryLong(Context ctx, String name) {
    String value = ctx.queryParam(name);
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return Long.parseLong(value.strip());
    } catch (NumberFormatException e) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, name + " must be a whole number, got '" + value + "'");
    }
  }
}
