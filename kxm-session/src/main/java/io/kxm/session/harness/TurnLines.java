package io.kxm.session.harness;

import io.kxm.core.json.Json;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.TurnInput;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/** The lines the supervisor writes to a harness's stdin, each one JSON object and a newline. */
final class TurnLines {
  static final int PROTOCOL = 1;

  private TurnLines() {}

  /** The first line of a turn: everything the harness needs to run it. */
  static byte[] turn(TurnInput input) {
    ObjectNode line = Json.object();
    line.put("type", "turn");
    line.put("protocol", PROTOCOL);
    line.put("sessionId", input.sessionId());
    line.put("runId", input.runId());
    line.put("workspaceRoot", input.workspaceRoot());
    line.put("model", input.model());
    line.put("prompt", input.prompt());
    ArrayNode history = line.putArray("history");
    for (SessionMessage message : input.history()) {
      history
          .addObject()
          .put("role", message.role())
          .put("content", message.content())
          .put("runId", message.runId());
    }
    ArrayNode resumed = line.putArray("resumed");
    input.resumed().forEach(resumed::add);
    return bytes(line);
  }

  /** A person's answer to an interaction the harness asked for. */
  static byte[] answer(String interactionId, String kind, JsonNode answer) {
    ObjectNode line = Json.object();
    line.put("type", "interaction.resolved");
    line.put("interactionId", interactionId);
    line.put("kind", kind);
    line.set("answer", answer == null ? NullNode.getInstance() : answer);
    return bytes(line);
  }

  private static byte[] bytes(ObjectNode line) {
    // Json.write escapes nothing a JSON line needs escaped beyond JSON itself: no raw newline can
    // appear in its output, so one object stays one line.
    return (Json.write(line) + "\n").getBytes(StandardCharsets.UTF_8);
  }
}
