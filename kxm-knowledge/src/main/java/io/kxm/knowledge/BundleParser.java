package io.kxm.knowledge;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Reads a bundle's JSON text, refusing anything off with the path of the field at fault. */
final class BundleParser {
  static final int MAX_ENTRIES = 10_000;
  private static final Set<String> TOP =
      Set.of(
          "format", "version", "sourceDatabaseId", "exportedAt", "tasks", "entries", "provenance");
  private static final Set<String> ENTRY =
      Set.of(
          "id",
          "type",
          "sourcePhase",
          "taskId",
          "roomId",
          "generation",
          "round",
          "author",
          "parentId",
          "content",
          "score",
          "createdAt");

  private BundleParser() {}

  static Bundle parse(String text) {
    JsonNode root;
    try {
      root = Json.read(text);
    } catch (JacksonException e) {
      throw invalid("(document)", "is not JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw invalid("(document)", "must be a JSON object");
    }
    only(root, TOP, "");
    if (!Bundle.FORMAT.equals(string(root, "format", 64))) {
      throw invalid("format", "must be " + Bundle.FORMAT);
    }
    int version = integerField(root, "version");
    if (version != Bundle.VERSION) {
      throw invalid("version", "is " + version + "; this build reads version " + Bundle.VERSION);
    }
    String source = string(root, "sourceDatabaseId", Checks.MAX_ID);
    Instant exportedAt = instant(root, "exportedAt");
    List<String> tasks = new ArrayList<>();
    JsonNode taskList = array(root, "tasks", MAX_ENTRIES);
    for (int i = 0; i < taskList.size(); i++) {
      tasks.add(text(taskList.get(i), "tasks[" + i + "]", Checks.MAX_ID));
    }
    List<KnowledgeEntry> entries = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    JsonNode entryList = array(root, "entries", MAX_ENTRIES);
    for (int i = 0; i < entryList.size(); i++) {
      KnowledgeEntry e = entry(entryList.get(i), "entries[" + i + "]", seen);
      if (!tasks.contains(e.taskId())) {
        throw invalid("entries[" + i + "].taskId", "names a task missing from tasks");
      }
      seen.add(e.id());
      entries.add(e);
    }
    JsonNode provenance = root.get("provenance");
    if (provenance == null || !provenance.isObject()) {
      throw invalid("provenance", "must be an object");
    }
    only(provenance, Set.of("exportedBy", "taskFilter", "generations"), "provenance.");
    String exportedBy = string(provenance, "exportedBy", 200, "provenance.exportedBy");
    String filter =
        provenance.has("taskFilter")
            ? string(provenance, "taskFilter", Checks.MAX_ID, "provenance.taskFilter")
            : null;
    List<Integer> generations = new ArrayList<>();
    JsonNode gens = array(provenance, "generations", MAX_ENTRIES, "provenance.generations");
    for (int i = 0; i < gens.size(); i++) {
      generations.add(integer(gens.get(i), "provenance.generations[" + i + "]"));
    }
    return new Bundle(
        version,
        source,
        exportedAt,
        tasks,
        entries,
        new Bundle.Provenance(exportedBy, filter, generations));
  }

  private static KnowledgeEntry entry(JsonNode node, String path, Set<String> earlier) {
    if (node == null || !node.isObject()) {
      throw invalid(path, "must be an object");
    }
    only(node, ENTRY, path + ".");
    String id = string(node, "id", Checks.MAX_ID, path + ".id");
    if (earlier.contains(id)) {
      throw invalid(path + ".id", "repeats an earlier entry's id " + id);
    }
    String parent =
        node.has("parentId") ? string(node, "parentId", Checks.MAX_ID, path + ".parentId") : null;
    if (parent != null && !earlier.contains(parent)) {
      throw invalid(path + ".parentId", "names no earlier entry of the bundle");
    }
    EntryType type;
    try {
      type = EntryType.fromWire(string(node, "type", 20, path + ".type"));
    } catch (KxmException e) {
      throw invalid(path + ".type", e.getMessage());
    }
    Double score = null;
    if (node.has("score")) {
      JsonNode s = node.get("score");
      if (!s.isNumber()) {
        throw invalid(path + ".score", "must be a number");
      }
      score = s.asDouble();
    }
    NewEntry checked;
    try {
      checked =
          new NewEntry(
              type,
              string(node, "sourcePhase", 40, path + ".sourcePhase"),
              string(node, "taskId", Checks.MAX_ID, path + ".taskId"),
              node.has("roomId") ? string(node, "roomId", Checks.MAX_ID, path + ".roomId") : null,
              integer(node.get("generation"), path + ".generation"),
              integer(node.get("round"), path + ".round"),
              string(node, "author", Checks.MAX_AUTHOR, path + ".author"),
              parent,
              string(node, "content", Checks.MAX_CONTENT, path + ".content"),
              score);
    } catch (KxmException e) {
      throw invalid(path, e.getMessage());
    }
    return new KnowledgeEntry(
        id,
        checked.type(),
        checked.sourcePhase(),
        checked.taskId(),
        checked.roomId(),
        checked.generation(),
        checked.round(),
        checked.author(),
        checked.parentId(),
        checked.content(),
        checked.score(),
        instant(node, "createdAt", path + ".createdAt"));
  }

  private static void only(JsonNode node, Set<String> allowed, String prefix) {
    for (String name : node.propertyNames()) {
      if (!allowed.contains(name)) {
        throw invalid(prefix + name, "is not a bundle field");
      }
    }
  }

  private static String string(JsonNode node, String field, int max) {
    return string(node, field, max, field);
  }

  private static String string(JsonNode parent, String field, int max, String path) {
    return text(parent.get(field), path, max);
  }

  private static String text(JsonNode value, String path, int max) {
    if (value == null || !value.isString() || value.stringValue().isBlank()) {
      throw invalid(path, "must be a non-blank string");
    }
    String text = value.stringValue();
    if (text.length() > max) {
      throw invalid(path, "has " + text.length() + " characters; the limit is " + max);
    }
    return text;
  }

  private static int integerField(JsonNode parent, String field) {
    return integer(parent.get(field), field);
  }

  private static int integer(JsonNode value, String path) {
    if (value == null || !value.isIntegralNumber() || !value.canConvertToInt()) {
      throw invalid(path, "must be an integer");
    }
    return value.intValue();
  }

  private static JsonNode array(JsonNode parent, String field, int max) {
    return array(parent, field, max, field);
  }

  private static JsonNode array(JsonNode parent, String field, int max, String path) {
    JsonNode value = parent.get(field);
    if (value == null || !value.isArray()) {
      throw invalid(path, "must be an array");
    }
    if (value.size() > max) {
      throw invalid(path, "has " + value.size() + " items; the limit is " + max);
    }
    return value;
  }

  private static Instant instant(JsonNode parent, String field) {
    return instant(parent, field, field);
  }

  private static Instant instant(JsonNode parent, String field, String path) {
    String text = string(parent, field, 40, path);
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw invalid(path, "must be an ISO-8601 instant such as 2026-01-31T12:00:00Z");
    }
  }

  private static KxmException invalid(String field, String problem) {
    return new KxmException(
        ErrorCode.KNOWLEDGE_BUNDLE_INVALID, "bundle field " + field + " " + problem);
  }
}
