package io.kxm.hub.ops;

import io.kxm.hub.support.SseStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** Reading the operations stream in tests: its entries, in order, until one matches. */
final class OpsFrames {
  private OpsFrames() {}

  /** Entries read until one matches {@code until} (included); fails after {@code timeout}. */
  static List<JsonNode> until(SseStream stream, Predicate<JsonNode> until, Duration timeout) {
    Instant deadline = Instant.now().plus(timeout);
    List<JsonNode> seen = new ArrayList<>();
    while (true) {
      Duration left = Duration.between(Instant.now(), deadline);
      if (left.isNegative()) {
        throw new AssertionError("no matching ops entry within " + timeout + "; saw " + seen);
      }
      SseStream.Frame frame = stream.next(left);
      if (!"ops".equals(frame.event())) {
        continue;
      }
      JsonNode entry = frame.json();
      if (entry.path("seq").asLong() != frame.seq()) {
        throw new AssertionError("frame id " + frame.id() + " is not the entry's seq: " + entry);
      }
      seen.add(entry);
      if (until.test(entry)) {
        return seen;
      }
    }
  }

  static List<JsonNode> until(SseStream stream, Predicate<JsonNode> until) {
    return until(stream, until, Duration.ofSeconds(10));
  }

  static Predicate<JsonNode> kind(String kind) {
    return entry -> entry.path("kind").asString().equals(kind);
  }

  static Predicate<JsonNode> kindOf(String kind, String field, String value) {
    return kind(kind).and(entry -> entry.path(field).asString().equals(value));
  }
}
