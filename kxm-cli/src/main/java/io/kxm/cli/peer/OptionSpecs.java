package io.kxm.cli.peer;

import io.kxm.core.json.Json;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import tools.jackson.databind.JsonNode;

/**
 * Turns a {@link ToolOption} into a picocli option. Values a schema would refuse for their shape
 * (an unknown enum value, text that is no JSON object) are usage errors here, exit code 2; limits
 * are the tool's own business, as over MCP.
 */
final class OptionSpecs {
  private OptionSpecs() {}

  static OptionSpec of(ToolOption option) {
    OptionSpec.Builder builder =
        OptionSpec.builder(option.name())
            .required(option.required())
            .paramLabel(option.paramLabel())
            .description(description(option));
    return switch (option.kind()) {
      case STRING -> {
        List<String> allowed = option.allowedValues();
        builder.type(String.class);
        if (!allowed.isEmpty()) {
          builder.completionCandidates(allowed).converters(value -> oneOf(allowed, value));
        }
        yield builder.build();
      }
      case INTEGER -> builder.type(Long.class).build();
      case BOOLEAN -> builder.type(boolean.class).build();
      case STRINGS -> builder.type(List.class).auxiliaryTypes(String.class).splitRegex(",").build();
      case OBJECT -> builder.type(JsonNode.class).converters(OptionSpecs::jsonObject).build();
    };
  }

  private static String description(ToolOption option) {
    String text = option.description();
    if (option.kind() == ToolOption.Kind.BOOLEAN && text.isEmpty()) {
      // A flag's name says what it does; repeat it as words so --help shows a line for it.
      String words =
          option.property().replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
      return Character.toUpperCase(words.charAt(0)) + words.substring(1) + ".";
    }
    return text;
  }

  private static String oneOf(List<String> allowed, String value) {
    if (!allowed.contains(value)) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not one of " + String.join(", ", allowed));
    }
    return value;
  }

  private static JsonNode jsonObject(String value) {
    JsonNode node;
    try {
      node = Json.read(value);
    } catch (RuntimeException e) {
      throw new CommandLine.TypeConversionException("'" + value + "' is not valid JSON");
    }
    if (!node.isObject()) {
      throw new CommandLine.TypeConversionException("expected a JSON object like {\"key\": …}");
    }
    return node;
  }
}
