package io.kxm.knowledge;

import io.kxm.core.json.Json;
import tools.jackson.databind.node.ObjectNode;

/** The JSON form of an entry, shared by the forum tools and bundles. */
final class EntryJson {
  private EntryJson() {}

  static ObjectNode of(KnowledgeEntry e) {
    ObjectNode node =
        Json.object()
            .put("id", e.id())
            .put("type", e.type().wireName())
            .put("sourcePhase", e.sourcePhase())
            .put("taskId", e.taskId());
    if (e.roomId() != null) {
      node.put("roomId", e.roomId());
    }
    node.put("generation", e.generation()).put("round", e.round()).put("author", e.author());
    if (e.parentId() != null) {
      node.put("parentId", e.parentId());
    }
    node.put("content", e.content());
    if (e.score() != null) {
      node.put("score", e.score());
    }
    return node.put("createdAt", e.createdAt().toString());
  }
}
