package io.kxm.supervisor;

import io.kxm.core.json.Json;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionStore.ChainCheck;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The wire shapes of the session routes, written field by field so that they stay what
 * docs/runtime-sessions.md says whatever the records grow.
 */
final class SessionJson {
  private SessionJson() {}

  static ObjectNode session(Session s) {
    ObjectNode node = Json.object().put("id", s.id()).put("workspaceRoot", s.workspaceRoot());
    ObjectNode harness = node.putObject("harness").put("type", s.harness().type());
    ArrayNode argv = harness.putArray("argv");
    s.harness().argv().forEach(argv::add);
    return node.put("model", s.model())
        .put("createdAt", time(s.createdAt()))
        .put("lastActiveAt", time(s.lastActiveAt()))
        .put("closedAt", time(s.closedAt()));
  }

  static ObjectNode run(SessionRun r) {
    return Json.object()
        .put("id", r.id())
        .put("sessionId", r.sessionId())
        .put("prompt", r.prompt())
        .put("status", r.status().wire())
        .put("resumedFrom", r.resumedFrom())
        .put("outcome", r.outcome())
        .put("error", r.error())
        .put("finalMessage", r.finalMessage())
        .put("createdAt", time(r.createdAt()))
        .put("startedAt", time(r.startedAt()))
        .put("finishedAt", time(r.finishedAt()));
  }

  /**
   * Adds what the event that ended a run says beyond its row: the run's token {@code usage}, its
   * {@code spend}, and for a failed run the harness's {@code diagnosis}.
   */
  static void ending(ObjectNode run, JsonNode end) {
    for (String field : List.of("usage", "spend", "diagnosis")) {
      if (end != null && end.hasNonNull(field)) {
        run.set(field, end.get(field));
      }
    }
  }

  static ObjectNode interaction(Interaction i) {
    ObjectNode node =
        Json.object()
            .put("id", i.id())
            .put("sessionId", i.sessionId())
            .put("runId", i.runId())
            .put("kind", i.kind())
            .put("status", i.status());
    node.set("request", orNull(i.request()));
    node.set("answer", orNull(i.answer()));
    return node.put("createdAt", time(i.createdAt())).put("resolvedAt", time(i.resolvedAt()));
  }

  static ObjectNode message(SessionMessage m) {
    return Json.object()
        .put("index", m.index())
        .put("runId", m.runId())
        .put("role", m.role())
        .put("content", m.content())
        .put("at", time(m.at()));
  }

  static ObjectNode verification(ChainCheck check) {
    return Json.object()
        .put("runId", check.runId())
        .put("ok", check.ok())
        .put("events", check.events())
        .put("firstBadSeq", check.firstBadSeq())
        .put("firstBadType", check.firstBadType())
        .put("problem", check.problem())
        .put("message", check.message())
        .put("lastHash", check.lastHash())
        .put("headVerified", check.headVerified());
  }

  /** {@code {name: [each item's shape]}}. */
  static <T> ObjectNode listed(String name, List<T> items, Function<T, ObjectNode> shape) {
    ObjectNode node = Json.object();
    ArrayNode array = node.putArray(name);
    items.forEach(item -> array.add(shape.apply(item)));
    return node;
  }

  private static JsonNode orNull(JsonNode node) {
    return node == null ? Json.MAPPER.nullNode() : node;
  }

  private static String time(Instant at) {
    return at == null ? null : at.toString();
  }
}
