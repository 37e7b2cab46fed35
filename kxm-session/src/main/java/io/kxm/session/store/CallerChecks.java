package io.kxm.session.store;

import tools.jackson.databind.JsonNode;

/**
 * Checks on what callers inside the supervisor pass in. The HTTP layer validates what clients send
 * and refuses it with an error code; a value that still arrives wrong here is a bug in the caller,
 * so it fails fast before anything is queued.
 */
final class CallerChecks {
  private CallerChecks() {}

  static void text(String name, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be blank");
    }
  }

  /** A JSON object to carry, or null for none. */
  static void objectOrNull(String name, JsonNode value) {
    if (value != null && !value.isObject()) {
      throw new IllegalArgumentException(
          name + " must be a JSON object, not " + value.getNodeType());
    }
  }
}
