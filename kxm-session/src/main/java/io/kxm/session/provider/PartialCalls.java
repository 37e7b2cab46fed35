package io.kxm.session.provider;

import io.kxm.core.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.StringNode;

/**
 * Tool calls whose arguments arrive in pieces, keyed by their position in the answer. Arguments
 * that are not valid JSON once complete are kept as the raw string, so the loop can tell the model
 * its call was malformed instead of failing the turn.
 */
final class PartialCalls {
  /** The most argument text one call may stream. */
  static final int MAX_ARGUMENT_CHARS = 4 * 1024 * 1024;

  private final Map<Integer, Partial> calls = new TreeMap<>();

  void start(int index, String id, String name) {
    Partial partial = calls.computeIfAbsent(index, i -> new Partial());
    if (id != null && !id.isEmpty()) {
      partial.id = id;
    }
    if (name != null && !name.isEmpty()) {
      partial.name = name;
    }
  }

  /** Adds a piece of a call's arguments; past {@link #MAX_ARGUMENT_CHARS} the answer is refused. */
  void append(int index, String piece) {
    Partial partial = calls.computeIfAbsent(index, i -> new Partial());
    if (partial.arguments.length() + piece.length() > MAX_ARGUMENT_CHARS) {
      throw new IllegalStateException(
          "a tool call's arguments pass " + MAX_ARGUMENT_CHARS + " characters");
    }
    partial.arguments.append(piece);
  }

  /** Replaces what streamed with the complete arguments, when the wire repeats them at the end. */
  void complete(int index, String arguments) {
    Partial partial = calls.computeIfAbsent(index, i -> new Partial());
    partial.arguments.setLength(0);
    partial.arguments.append(arguments);
  }

  boolean has(int index) {
    return calls.containsKey(index);
  }

  List<ToolUse> calls() {
    List<ToolUse> out = new ArrayList<>();
    for (Map.Entry<Integer, Partial> entry : calls.entrySet()) {
      Partial partial = entry.getValue();
      // some compatible servers send no call id; one is made up so the result can answer it
      String id = partial.id.isEmpty() ? "call_" + entry.getKey() : partial.id;
      out.add(new ToolUse(id, partial.name, parse(partial.arguments.toString())));
    }
    return out;
  }

  static JsonNode parse(String arguments) {
    if (arguments.isBlank()) {
      return Json.object();
    }
    try {
      return Json.read(arguments);
    } catch (JacksonException e) {
      return StringNode.valueOf(arguments);
    }
  }

  private static final class Partial {
    private String id = "";
    private String name = "";
    private final StringBuilder arguments = new StringBuilder();
  }
}
