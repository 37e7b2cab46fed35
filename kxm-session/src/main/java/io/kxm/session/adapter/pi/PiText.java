package io.kxm.session.adapter.pi;

import io.kxm.session.api.HarnessOutput;
import io.kxm.session.harness.HarnessLines;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The text an assistant message streams. Leading blanks are held back until a word follows, so that
 * a message of blanks alone streams nothing and its turn reads as the silent failure it is.
 */
final class PiText {
  private final StringBuilder heldBlanks = new StringBuilder();
  private boolean worded;

  /** A new message starts. */
  void restart() {
    heldBlanks.setLength(0);
    worded = false;
  }

  List<HarnessOutput> delta(JsonNode event) {
    if (!event.path("type").asString("").equals("text_delta") || !event.path("delta").isString()) {
      return List.of();
    }
    String delta = event.path("delta").asString();
    if (delta.isEmpty()) {
      return List.of(); // Pi sends empty deltas at times; an empty piece streams nothing
    }
    if (!worded && delta.isBlank()) {
      if (heldBlanks.length() + delta.length() <= HarnessLines.MAX_DELTA_CHARS) {
        heldBlanks.append(delta);
      }
      return List.of();
    }
    String piece = worded ? delta : heldBlanks + delta;
    worded = true;
    heldBlanks.setLength(0);
    if (piece.length() > HarnessLines.MAX_DELTA_CHARS) {
      int end = HarnessLines.MAX_DELTA_CHARS;
      piece = piece.substring(0, Character.isHighSurrogate(piece.charAt(end - 1)) ? end - 1 : end);
    }
    return List.of(new HarnessOutput.Delta(piece));
  }

  /** The text parts of a whole message, joined. */
  static String of(JsonNode message) {
    StringBuilder text = new StringBuilder();
    for (JsonNode part : message.path("content")) {
      if (part.path("type").asString("").equals("text")) {
        text.append(part.path("text").asString(""));
      }
    }
    return text.toString();
  }
}
