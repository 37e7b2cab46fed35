package io.kxm.core.json;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Arrays;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads JSON that comes from outside (request bodies of the hub and the supervisor), as strictly as
 * the tool schemas: a field the target does not declare, a value of another JSON type (no {@code
 * "5000"} for a number, no {@code 5000.7} for a whole number, no {@code 123} for a string) and a
 * key repeated in one object are refused, each with its code and the field's path. Our own stored
 * JSON is read with {@link Json#MAPPER}, which stays lenient so older rows keep reading.
 */
public final class InputJson {
  static final JsonMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .withCoercionConfigDefaults(config ->
              config
                  .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                  .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                  .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                  .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail)
                  .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
          .build();

  private InputJson() {}

  /**
   * The document in {@code bytes} as a tree.
   *
   * @throws KxmException {@code duplicate_key} naming the repeated key's path, {@code invalid_json}
   *     with the line and column of anything else that is not well-formed JSON
   */
  public static JsonNode read(byte[] bytes) {
    try {
      return MAPPER.readTree(bytes);
    } catch (JacksonException e) {
      throw unreadable(e);
    }
  }

  /** {@link #read(byte[])} of a string. */
  public static JsonNode read(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (JacksonException e) {
      throw unreadable(e);
    }
  }

  /**
   * A tree read by {@link #read} as {@code type}. A refusal thrown by the target's own checks (a
   * record's compact constructor) keeps its code.
   *
   * @throws KxmException {@code unknown_field}, {@code invalid_type} or {@code value_out_of_range}
   *     naming the field's path
   */
  public static <T> T convert(JsonNode tree, Class<T> type) {
    try {
      return MAPPER.treeToValue(tree, type);
    } catch (JacksonException e) {
      throw refusal(e);
    }
  }

  /**
   * Refuses a field of {@code object} outside {@code allowed}, for bodies read as trees rather than
   * bound to a record.
   *
   * @param where the path of {@code object}, empty for the body itself
   * @throws KxmException {@code unknown_field} naming the first field not allowed
   */
  public static void allowOnly(JsonNode object, String where, java.util.Set<String> allowed) {
    for (String name : object.propertyNames()) {
      if (!allowed.contains(name)) {
        String field = where.isEmpty() ? name : where + "." + name;
        String takes =
            allowed.isEmpty() ? "no fields" : String.join(", ", allowed.stream().sorted().toList());
        throw new KxmException(
            ErrorCode.UNKNOWN_FIELD, field + " is not a field of this body; it takes " + takes);
      }
    }
  }

  /** The project's refusal for a Jackson failure while reading outside input. */
  public static KxmException refusal(JacksonException e) {
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      if (cause instanceof KxmException refusal) {
        return refusal;
      }
    }
    String field = FieldPath.of(e);
    return switch (e) {
      case UnrecognizedPropertyException unknown ->
          new KxmException(
              ErrorCode.UNKNOWN_FIELD,
              field + " is not a field of this body; it takes " + known(unknown));
      case InputCoercionException range when !field.isEmpty() ->
          new KxmException(
              ErrorCode.VALUE_OUT_OF_RANGE, field + " does not fit in a 64-bit whole number");
      case MismatchedInputException mismatch when !field.isEmpty() -> wrongValue(field, mismatch);
      case StreamReadException read -> unreadable(read);
      default ->
          new KxmException(
              ErrorCode.INVALID_REQUEST,
              (field.isEmpty() ? "the body" : field) + " does not fit: " + e.getOriginalMessage());
    };
  }

  /** A document that does not parse: a repeated key, or anything else that is not JSON. */
  private static KxmException unreadable(JacksonException e) {
    if (e instanceof StreamReadException read && FieldPath.isDuplicate(read)) {
      return new KxmException(
          ErrorCode.DUPLICATE_KEY, FieldPath.ofParser(read) + " appears more than once");
    }
    var location = e.getLocation();
    String at =
        location == null
            ? ""
            : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    return new KxmException(ErrorCode.INVALID_JSON, "the body is not well-formed JSON" + at);
  }

  /** A value of the wrong JSON type, or of the right type but not one the field accepts. */
  private static KxmException wrongValue(String field, MismatchedInputException e) {
    Class<?> target = e.getTargetType();
    String expected = JsonTypes.expected(target);
    String given = JsonTypes.given(current(e));
    if (!expected.equals(given)) {
      return new KxmException(
          ErrorCode.INVALID_TYPE, field + " must be " + expected + ", got " + given);
    }
    if (target != null && target.isEnum()) {
      List<String> names =
          Arrays.stream(target.getEnumConstants())
              .map(constant -> Json.MAPPER.valueToTree(constant).asString())
              .toList();
      return new KxmException(
          ErrorCode.INVALID_REQUEST, field + " must be one of " + String.join(", ", names));
    }
    return new KxmException(ErrorCode.INVALID_REQUEST, field + " does not take this value");
  }

  private static String known(UnrecognizedPropertyException e) {
    var ids = e.getKnownPropertyIds();
    if (ids == null || ids.isEmpty()) {
      return "no fields";
    }
    return String.join(", ", ids.stream().map(String::valueOf).sorted().toList());
  }

  private static JsonToken current(JacksonException e) {
    return e.processor() instanceof JsonParser parser ? parser.currentToken() : null;
  }
}
