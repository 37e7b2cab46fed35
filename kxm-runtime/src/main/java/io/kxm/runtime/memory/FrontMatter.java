package io.kxm.runtime.memory;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.config.ReviewedYaml;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Parses a memory or skill file: YAML front matter between two {@code ---} lines, then Markdown.
 * The front matter goes through the same restricted YAML reader as the rest of {@code .kxm/} (no
 * anchors, aliases, tags or duplicate keys) and may hold only the fields below, so a field that
 * would grant something (allowed tools, a model) can never slip in unnoticed.
 *
 * <ul>
 *   <li>{@code name} (required): lower-case letters, digits, {@code . _ -}; at most 64.
 *   <li>{@code description} (required): one line of at most 300 characters.
 *   <li>{@code tags} (optional): at most 16 names like {@code name}, at most 32 characters each.
 * </ul>
 */
final class FrontMatter {
  static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
  private static final Pattern TAG = Pattern.compile("[a-z0-9][a-z0-9._-]{0,31}");
  private static final Set<String> FIELDS = Set.of("name", "description", "tags");
  private static final int MAX_DESCRIPTION = 300;
  private static final int MAX_TAGS = 16;
  private static final String FENCE = "---";

  private FrontMatter() {}

  /** The parts of a file, before hashing. */
  record Parsed(String name, String description, List<String> tags, String body) {}

  /**
   * @throws KxmException {@code memory_invalid} naming {@code path} and what is wrong
   */
  static Parsed parse(String path, String text) {
    String[] lines = text.split("\r?\n", -1);
    if (lines.length == 0 || !lines[0].strip().equals(FENCE)) {
      throw invalid(path, "the first line must be --- to open the front matter");
    }
    int close = -1;
    for (int i = 1; i < lines.length; i++) {
      if (lines[i].strip().equals(FENCE)) {
        close = i;
        break;
      }
    }
    if (close < 0) {
      throw invalid(path, "the front matter has no closing --- line");
    }
    String yaml = String.join("\n", List.of(lines).subList(1, close));
    String body = String.join("\n", List.of(lines).subList(close + 1, lines.length)).strip();
    JsonNode root;
    try {
      root = ReviewedYaml.parse(yaml);
    } catch (IllegalArgumentException e) {
      throw invalid(path, "front matter " + e.getMessage());
    }
    if (!root.isObject()) {
      throw invalid(path, "the front matter must be a map of fields");
    }
    for (Iterator<String> names = root.propertyNames().iterator(); names.hasNext(); ) {
      String field = names.next();
      if (!FIELDS.contains(field)) {
        throw invalid(
            path, "unknown front matter field '" + field + "'; allowed: name, description, tags");
      }
    }
    String name = text(path, root, "name");
    if (!NAME.matcher(name).matches()) {
      throw invalid(path, "name must match " + NAME.pattern());
    }
    String description = text(path, root, "description");
    if (description.length() > MAX_DESCRIPTION || description.contains("\n")) {
      throw invalid(path, "description must be one line of at most " + MAX_DESCRIPTION + " chars");
    }
    return new Parsed(name, description, tags(path, root.get("tags")), body);
  }

  private static String text(String path, JsonNode root, String field) {
    JsonNode value = root.get(field);
    if (value == null || !value.isString() || value.asString().isBlank()) {
      throw invalid(path, "front matter field '" + field + "' is required and must be text");
    }
    return value.asString().strip();
  }

  private static List<String> tags(String path, JsonNode node) {
    if (node == null || node.isNull()) {
      return List.of();
    }
    if (!node.isArray() || node.size() > MAX_TAGS) {
      throw invalid(path, "tags must be a list of at most " + MAX_TAGS + " names");
    }
    List<String> tags = new ArrayList<>();
    for (JsonNode tag : node) {
      if (!tag.isString() || !TAG.matcher(tag.asString()).matches()) {
        throw invalid(path, "each tag must match " + TAG.pattern());
      }
      tags.add(tag.asString());
    }
    return tags;
  }

  static KxmException invalid(String path, String why) {
    return new KxmException(ErrorCode.MEMORY_INVALID, path + ": " + why);
  }
}
