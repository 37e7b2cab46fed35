package io.kxm.session.interaction;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.json.JsonSchemas;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The requested schema of an elicitation: limited, when the question is asked, to the flat object
 * of primitive properties that MCP elicitation allows ({@code elicitation-request.schema.json}),
 * and then the rule an accepted answer's content must pass, checked by the JSON Schema validator
 * the runtime already uses for its files, with formats asserted and no fields beyond the schema's.
 */
public final class ElicitationSchema {
  static final String RESOURCE = "elicitation-request.schema.json";
  private static final Schema ALLOWED = JsonSchemas.compile(resource());
  private static final Set<String> NAMES_A_PROPERTY = Set.of("required", "additionalProperties");

  private ElicitationSchema() {}

  /**
   * Refuses a requested schema MCP elicitation does not allow; null or {@code {}} asks for no
   * fields.
   *
   * @throws KxmException {@code elicitation_schema_invalid} naming where and which rule
   */
  public static void check(JsonNode schema) {
    if (schema == null || schema.isNull()) {
      return;
    }
    List<Error> errors = asserting(ALLOWED, schema);
    if (!errors.isEmpty()) {
      Error first = errors.getFirst();
      throw new KxmException(
          ErrorCode.ELICITATION_SCHEMA_INVALID,
          "the elicitation's schema is not one MCP allows: "
              + located("schema", first)
              + " fails '"
              + first.getKeyword()
              + "': "
              + first.getMessage());
    }
    for (JsonNode name : schema.path("required")) {
      if (!schema.path("properties").has(name.stringValue())) {
        throw new KxmException(
            ErrorCode.ELICITATION_SCHEMA_INVALID,
            "the elicitation's schema requires '"
                + name.stringValue()
                + "', which is not one of its properties");
      }
    }
  }

  /**
   * Refuses content the requested schema does not admit, or that holds a field it does not name.
   *
   * @throws KxmException {@code elicitation_content_invalid} naming the field and the rule
   */
  static void checkContent(JsonNode schema, ObjectNode content) {
    ObjectNode rule =
        schema != null && schema.isObject() ? (ObjectNode) schema.deepCopy() : Json.object();
    rule.put("type", "object");
    rule.put("additionalProperties", false);
    List<Error> errors = asserting(JsonSchemas.compile(Json.write(rule)), content);
    if (!errors.isEmpty()) {
      Error first = errors.getFirst();
      throw new KxmException(
          ErrorCode.ELICITATION_CONTENT_INVALID,
          located("content", first)
              + " breaks the requested schema's '"
              + first.getKeyword()
              + "' rule: "
              + first.getMessage());
    }
  }

  private static List<Error> asserting(Schema schema, JsonNode instance) {
    return schema.validate(
        instance,
        context ->
            context.executionConfig(
                config -> config.formatAssertionsEnabled(true).locale(Locale.ROOT)));
  }

  // `$.age` becomes `content.age`; a missing or extra field is named by the error's property
  private static String located(String root, Error error) {
    String at = error.getInstanceLocation().toString();
    String path = root + (at.startsWith("$") ? at.substring(1) : "." + at);
    if (error.getProperty() != null && NAMES_A_PROPERTY.contains(error.getKeyword())) {
      path = path + "." + error.getProperty();
    }
    return path;
  }

  private static String resource() {
    try (InputStream in = ElicitationSchema.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the elicitation schema " + RESOURCE + " is not packaged");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
