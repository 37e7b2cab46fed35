package io.kxm.hub.http;

import io.javalin.http.Context;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.InputJson;
import io.kxm.core.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * Turns a route's JSON body, or an absent one, into a request record, as strictly as the tool
 * schemas ({@link InputJson}): an unknown field, a value of the wrong JSON type or a repeated key
 * is refused naming the field. A record that refuses its input keeps its own code ({@code
 * value_too_long}, {@code value_out_of_range}).
 */
public final class JsonBodies {
  private JsonBodies() {}

  /** The body as {@code type}; an empty body reads as {@code {}}. */
  public static <T> T read(Context ctx, Class<T> type) {
    JsonNode body = HubRequest.jsonBody(ctx).orElseGet(Json::object);
    if (!body.isObject()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "the body must be a JSON object");
    }
    return InputJson.convert(body, type);
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
