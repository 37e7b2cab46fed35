package io.kxm.core.json;

import java.util.Collection;
import java.util.Map;
import tools.jackson.core.JsonToken;

/** Words for JSON types in refusals: what a field takes and what it was sent. */
final class JsonTypes {
  private JsonTypes() {}

  static String expected(Class<?> target) {
    if (target == null) {
      return "another type";
    }
    if (target == String.class || target.isEnum() || CharSequence.class.isAssignableFrom(target)) {
      return "a string";
    }
    if (target == boolean.class || target == Boolean.class) {
      return "true or false";
    }
    if (target == long.class
        || target == Long.class
        || target == int.class
        || target == Integer.class
        || target == short.class
        || target == Short.class) {
      return "a whole number";
    }
    if (target == double.class
        || target == Double.class
        || target == float.class
        || target == Float.class) {
      return "a number";
    }
    if (target.isArray() || Collection.class.isAssignableFrom(target)) {
      return "an array";
    }
    if (Map.class.isAssignableFrom(target) || target.isRecord()) {
      return "an object";
    }
    return "another type";
  }

  static String given(JsonToken token) {
    if (token == null) {
      return "another type";
    }
    return switch (token) {
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT -> "a whole number";
      case VALUE_NUMBER_FLOAT -> "a number with a fraction";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      case START_OBJECT, END_OBJECT, PROPERTY_NAME -> "an object";
      case START_ARRAY, END_ARRAY -> "an array";
      case VALUE_EMBEDDED_OBJECT, NOT_AVAILABLE -> "another type";
    };
  }
}
