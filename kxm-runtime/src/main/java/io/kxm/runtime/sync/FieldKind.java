package io.kxm.runtime.sync;

import io.kxm.core.json.Json;
import io.kxm.core.sync.SyncLimits;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The shapes a synced field may have. None of them admits free text, so prompts, logs, diffs and
 * paths cannot pass even under an allowlisted name; a value of the wrong shape is dropped.
 */
enum FieldKind {
  /** Run, step, gate and interaction identifiers. */
  ID,
  /** Status, outcome and type words such as {@code waiting} or {@code agent}. */
  WORD,
  /** A hex digest, optionally prefixed {@code sha256:}. */
  HASH,
  /** A whole number of 0 or more: counts, sizes, attempts. */
  COUNT,
  /** Any whole number: exit codes. */
  INT,
  /** An ISO-8601 instant. */
  TIME,
  BOOL,
  /** An object of id to hash, such as pinned revisions. */
  HASHES,
  /** An object of id to count, such as step tallies. */
  COUNTS;

  private static final Pattern HEX = Pattern.compile("(sha256:)?[0-9a-f]{16,128}");
  private static final int MAX_ENTRIES = 32;

  /** The value to send for {@code value} under {@code key}, or empty when it does not fit. */
  Optional<JsonNode> admit(String key, JsonNode value) {
    if (value == null || value.isNull()) {
      return Optional.empty();
    }
    if (value.isString() && Redaction.redacts(key, value.asString())) {
      return Optional.of(Json.MAPPER.getNodeFactory().stringNode(Redaction.MARK));
    }
    boolean fits =
        switch (this) {
          case ID -> text(value, SyncLimits.ID);
          case WORD -> text(value, SyncLimits.WORD);
          case HASH -> text(value, HEX);
          case COUNT -> value.isIntegralNumber() && value.canConvertToLong() && value.asLong() >= 0;
          case INT -> value.isIntegralNumber() && value.canConvertToLong();
          case TIME -> value.isString() && instant(value.asString());
          case BOOL -> value.isBoolean();
          case HASHES -> false;
          case COUNTS -> false;
        };
    if (fits) {
      return Optional.of(value.deepCopy());
    }
    return switch (this) {
      case HASHES -> map(value, HASH);
      case COUNTS -> map(value, COUNT);
      default -> Optional.empty();
    };
  }

  /** An object whose keys are ids and whose values have {@code kind}; other entries drop. */
  private static Optional<JsonNode> map(JsonNode value, FieldKind kind) {
    if (!value.isObject()) {
      return Optional.empty();
    }
    ObjectNode out = Json.object();
    for (var entry : value.properties()) {
      if (out.size() == MAX_ENTRIES) {
        break;
      }
      String name = entry.getKey();
      if (!SyncLimits.ID.matcher(name).matches() || Redaction.looksLikeCredential(name)) {
        continue;
      }
      kind.admit(name, entry.getValue()).ifPresent(v -> out.set(name, v));
    }
    return Optional.of(out);
  }

  private static boolean text(JsonNode value, Pattern shape) {
    return value.isString() && shape.matcher(value.asString()).matches();
  }

  private static boolean instant(String text) {
    try {
      Instant.parse(text);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }
}
