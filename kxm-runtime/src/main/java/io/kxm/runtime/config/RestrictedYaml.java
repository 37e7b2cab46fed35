package io.kxm.runtime.config;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLFactory;
import tools.jackson.dataformat.yaml.YAMLParser;

/**
 * Parses the reviewed subset of YAML: one document of maps, lists and plain scalars. Anchors,
 * aliases, explicit tags and duplicate keys are refused because each lets a file mean something a
 * reviewer reading it top to bottom would not see; the size cap keeps a hostile file cheap.
 */
final class RestrictedYaml {
  static final int MAX_BYTES = 256 * 1024;
  private static final YAMLFactory FACTORY = new YAMLFactory();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private RestrictedYaml() {}

  /** Thrown for the first thing that stops the parse; carries its line and rule. */
  static final class Refused extends RuntimeException {
    final int line;
    final String path;
    final String rule;

    Refused(int line, String path, String rule, String message) {
      super(message);
      this.line = line;
      this.path = path;
      this.rule = rule;
    }

    ConfigError toError(String file) {
      return new ConfigError(file, line, path, rule, getMessage());
    }
  }

  static YamlDocument parse(String text) {
    int size = text.getBytes(StandardCharsets.UTF_8).length;
    if (size > MAX_BYTES) {
      throw new Refused(
          0, "$", "max-size", "file is " + size + " bytes; the limit is " + MAX_BYTES + " bytes");
    }
    Map<String, Integer> lines = new HashMap<>();
    try (YAMLParser parser = (YAMLParser) FACTORY.createParser(ObjectReadContext.empty(), text)) {
      if (parser.nextToken() == null) {
        throw new Refused(1, "$", "not-empty", "file is empty");
      }
      JsonNode root = value(parser, "$", lines);
      if (parser.nextToken() != null) {
        throw new Refused(
            line(parser), "$", "single-document", "a file holds one YAML document, not several");
      }
      YamlEvents.refuseReferencesAndTags(text);
      return new YamlDocument(root, lines);
    } catch (Refused e) {
      throw e;
    } catch (JacksonException e) {
      int line = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getLineNr());
      throw new Refused(line, "$", "yaml", "not valid YAML: " + firstLine(e.getOriginalMessage()));
    } catch (RuntimeException e) {
      // The YAML reader itself fails on some input (a surrogate at its buffer's edge); the file is
      // still refused with a rule rather than crashing the check.
      throw new Refused(0, "$", "yaml", "not valid YAML: the parser could not read this text");
    }
  }

  private static JsonNode value(YAMLParser p, String path, Map<String, Integer> lines) {
    lines.putIfAbsent(path, line(p));
    checkPlain(p, path);
    JsonToken token = p.currentToken();
    return switch (token) {
      case START_OBJECT -> object(p, path, lines);
      case START_ARRAY -> array(p, path, lines);
      case VALUE_STRING -> NODES.stringNode(p.getString());
      case VALUE_NUMBER_INT ->
          NODES.numberNode(inRange(p, path, new BigDecimal(p.getBigIntegerValue())).toBigInteger());
      case VALUE_NUMBER_FLOAT -> NODES.numberNode(inRange(p, path, decimal(p, path)));
      case VALUE_TRUE, VALUE_FALSE -> NODES.booleanNode(token == JsonToken.VALUE_TRUE);
      case VALUE_NULL -> NODES.nullNode();
      default ->
          throw new Refused(line(p), path, "yaml", "unexpected " + token + " in a YAML document");
    };
  }

  private static ObjectNode object(YAMLParser p, String path, Map<String, Integer> lines) {
    ObjectNode node = NODES.objectNode();
    while (p.nextToken() == JsonToken.PROPERTY_NAME) {
      String name = p.currentName();
      String child = YamlDocument.child(path, name);
      if (node.has(name)) {
        throw new Refused(
            line(p),
            child,
            "duplicate-key",
            "key '" + name + "' appears twice; the first is on line " + lines.get(child));
      }
      lines.put(child, line(p));
      p.nextToken();
      node.set(name, value(p, child, lines));
    }
    return node;
  }

  private static ArrayNode array(YAMLParser p, String path, Map<String, Integer> lines) {
    ArrayNode node = NODES.arrayNode();
    int i = 0;
    while (p.nextToken() != JsonToken.END_ARRAY) {
      node.add(value(p, YamlDocument.index(path, i++), lines));
    }
    return node;
  }

  /**
   * Numbers past 64 bits mean nothing in a configuration, and the schema checker cannot compare
   * them with a limit: it fails instead of reporting.
   */
  private static BigDecimal inRange(YAMLParser p, String path, BigDecimal value) {
    if (value.abs().compareTo(LONG_MAX) > 0) {
      throw new Refused(
          line(p),
          path,
          "number-range",
          "'" + p.getString() + "' is outside the 64-bit range numbers here must keep to");
    }
    return value;
  }

  /** A float as written; YAML's {@code .inf} and {@code .nan} have no JSON form to check. */
  private static BigDecimal decimal(YAMLParser p, String path) {
    try {
      if (!p.isNaN()) {
        return p.getDecimalValue();
      }
    } catch (NumberFormatException e) {
      // the same values, where the parser kept only their text
    }
    throw new Refused(
        line(p),
        path,
        "finite-number",
        "'" + p.getString() + "' is not a finite number; quote it if text was meant");
  }

  private static void checkPlain(YAMLParser p, String path) {
    if (p.isCurrentAlias()) {
      throw new Refused(line(p), path, "no-alias", "YAML aliases (*name) are not allowed");
    }
    if (p.getObjectId() != null) {
      throw new Refused(line(p), path, "no-anchor", "YAML anchors (&name) are not allowed");
    }
    if (p.getTypeId() != null) {
      throw new Refused(
          line(p), path, "no-tag", "YAML tags (" + p.getTypeId() + ") are not allowed");
    }
  }

  private static int line(YAMLParser p) {
    return Math.max(1, p.currentTokenLocation().getLineNr());
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable";
    }
    int cut = message.indexOf('\n');
    return cut < 0 ? message : message.substring(0, cut);
  }
}
