package io.kxm.runtime.sync;

import io.kxm.core.json.Json;
import io.kxm.core.secret.Redactor;
import io.kxm.core.sync.SyncLimits;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The shapes a synced field may have. None of them admits free text, so prompts, logs, diffs and
 * paths cannot pass even under an allowlisted name; a value of the wrong shape is dropped.
 */
enum FieldKind {
  /** Run, step, attempt, gate and agent identifiers. */
  ID,
  /** Status, outcome and type words such as {@code waiting} or {@code agent}. */
  WORD,
  /** A hex digest, optionally prefixed {@code sha256:}. */
  HASH,
  /** Any whole number: exit codes. */
  INT,
  BOOL,
  /** An object of id to hash, such as pinned revisions. */
  HASHES,
  /** A list of {@code {stepId, stepType}}: the steps of a pinned plan. */
  STEPS;

  static final Pattern HEX = Pattern.compile("(sha256:)?[0-9a-f]{16,128}");
  private static final int MAX_ENTRIES = 32;
  private static final int MAX_STEPS = 100;

  /** The value to send for {@code value} under {@code key}, or empty when it does not fit. */
  Optional<JsonNode> admit(String key, JsonNode value) {
    if (value == null || value.isNull()) {
      return Optional.empty();
    }
    if (value.isString() && Redactor.redacts(key, value.asString())) {
      return Optional.of(Json.MAPPER.getNodeFactory().stringNode(Redactor.MASK));
    }
    return switch (this) {
      case ID -> text(value, SyncLimits.ID);
      case WORD -> text(value, SyncLimits.WORD);
      case HASH -> text(value, HEX);
      case INT ->
          value.isIntegralNumber() && value.canConvertToLong()
              ? Optional.of(value.deepCopy())
              : Optional.empty();
      case BOOL -> value.isBoolean() ? Optional.of(value.deepCopy()) : Optional.empty();
      case HASHES -> hashes(value);
      case STEPS -> steps(value);
    };
  }

  /** An object whose keys are ids and whose values are hashes; other entries drop. */
  private static Optional<JsonNode> hashes(JsonNode value) {
    if (!value.isObject()) {
      return Optional.empty();
    }
    ObjectNode out = Json.object();
    for (var entry : value.properties()) {
      String name = entry.getKey();
      if (out.size() == MAX_ENTRIES
          || !SyncLimits.ID.matcher(name).matches()
          || Redactor.looksLikeCredential(name)) {
        continue;
      }
      HASH.admit(name, entry.getValue()).ifPresent(v -> out.set(name, v));
    }
    return Optional.of(out);
  }

  /** Each step's id and type; entries of another shape drop. */
  private static Optional<JsonNode> steps(JsonNode value) {
    if (!value.isArray()) {
      return Optional.empty();
    }
    ArrayNode out = Json.MAPPER.createArrayNode();
    for (JsonNode step : value) {
      if (out.size() == MAX_STEPS || !step.isObject()) {
        continue;
      }
      ObjectNode kept = Json.object();
      ID.admit("stepId", step.get("stepId")).ifPresent(v -> kept.set("stepId", v));
      WORD.admit("stepType", step.get("stepType")).ifPresent(v -> kept.set("stepType", v));
      out.add(kept);
    }
    return Optional.of(out);
  }

  private static Optional<JsonNode> text(JsonNode value, Pattern shape) {
    return value.isString() && shape.matcher(value.asString()).matches()
        ? Optional.of(value.deepCopy())
        : Optional.empty();
  }
}
