package io.kxm.core.json;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The one JSON mapper KXM uses; immutable and thread-safe once built. */
public final class Json {
  public static final JsonMapper MAPPER =
      JsonMapper.builder()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  private Json() {}

  public static String write(Object value) {
    return MAPPER.writeValueAsString(value);
  }

  public static byte[] writeBytes(Object value) {
    return MAPPER.writeValueAsBytes(value);
  }

  public static JsonNode read(String text) throws JacksonException {
    return MAPPER.readTree(text);
  }

  public static <T> T read(String text, Class<T> type) throws JacksonException {
    return MAPPER.readValue(text, type);
  }

  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }
}
