package io.kxm.cli.peer;

import io.kxm.core.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * One command-line option derived from one property of a tool's JSON Schema: {@code ttlMs} becomes
 * {@code --ttl-ms}, a string array a repeatable option, an object a JSON text.
 *
 * @param property the schema property
 * @param name the option, {@code --} and the property in kebab case
 * @param kind how its value is read
 * @param required whether the schema requires it
 * @param schema the property's schema, for limits and allowed values
 */
record ToolOption(String property, String name, Kind kind, boolean required, JsonNode schema) {

  /** How a schema type maps to an option value. */
  enum Kind {
    STRING,
    INTEGER,
    BOOLEAN,
    STRINGS,
    OBJECT
  }

  /** Every property of {@code inputSchema}, in schema order. */
  static List<ToolOption> of(JsonNode inputSchema) {
    List<String> required = new ArrayList<>();
    inputSchema.path("required").forEach(name -> required.add(name.asString()));
    List<ToolOption> options = new ArrayList<>();
    JsonNode properties = inputSchema.path("properties");
    for (String property : properties.propertyNames()) {
      JsonNode schema = properties.get(property);
      options.add(
          new ToolOption(
              property,
              optionName(property),
              kind(property, schema),
              required.contains(property),
              schema));
    }
    return options;
  }

  /** {@code ttlMs} → {@code --ttl-ms}. */
  static String optionName(String property) {
    return "--" + property.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
  }

  /** The allowed values of an enum property, or an empty list. */
  List<String> allowedValues() {
    List<String> values = new ArrayList<>();
    schema.path("enum").forEach(value -> values.add(value.asString()));
    return values;
  }

  /** The parameter label in the usage line: {@code MESSAGE_ID}, {@code MS}, {@code JSON}. */
  String paramLabel() {
    return switch (kind) {
      case OBJECT -> "JSON";
      case INTEGER -> property.endsWith("Ms") ? "MS" : "N";
      case STRINGS -> "NAME";
      case BOOLEAN, STRING ->
          property.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    };
  }

  /** What the option takes, from the schema's own words and limits. */
  String description() {
    String given = schema.path("description").asString("");
    String limits =
        switch (kind) {
          case STRING ->
              allowedValues().isEmpty()
                  ? "up to " + schema.path("maxLength").asInt() + " characters"
                  : "one of " + String.join(", ", allowedValues());
          case INTEGER ->
              schema.has("maximum")
                  ? schema.path("minimum").asLong() + " to " + schema.path("maximum").asLong()
                  : "at least " + schema.path("minimum").asLong();
          case BOOLEAN -> "";
          case STRINGS ->
              "repeat or separate with commas; "
                  + schema.path("minItems").asInt()
                  + " to "
                  + schema.path("maxItems").asInt();
          case OBJECT ->
              "a JSON object with " + String.join(", ", schema.path("properties").propertyNames());
        };
    String text = given.isEmpty() ? limits : limits.isEmpty() ? given : given + "; " + limits;
    String sentence = text.isEmpty() || text.endsWith(".") ? text : text + ".";
    return (required ? "Required. " : "") + capitalize(sentence);
  }

  private static String capitalize(String text) {
    return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  private static Kind kind(String property, JsonNode schema) {
    return switch (schema.path("type").asString("")) {
      case "string" -> Kind.STRING;
      case "integer" -> Kind.INTEGER;
      case "boolean" -> Kind.BOOLEAN;
      case "object" -> Kind.OBJECT;
      case "array" -> {
        if (!"string".equals(schema.path("items").path("type").asString(""))) {
          throw new IllegalArgumentException(property + ": only arrays of strings map to options");
        }
        yield Kind.STRINGS;
      }
      default ->
          throw new IllegalArgumentException(
              property + ": no option for schema " + Json.write(schema));
    };
  }
}
