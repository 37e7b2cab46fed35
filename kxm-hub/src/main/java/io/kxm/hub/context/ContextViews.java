package io.kxm.hub.context;

import io.kxm.core.context.ContextItem;
import io.kxm.core.json.Json;
import java.time.Instant;
import tools.jackson.databind.node.ObjectNode;

/** How items go on the wire: whole for state and operators, metadata only for recall. */
final class ContextViews {
  private ContextViews() {}

  /** Every field, with the validity as of {@code now}. */
  static ObjectNode whole(ContextItem item, Instant now) {
    ObjectNode node = metadata(item, now);
    node.put("summary", item.summary());
    return node;
  }

  /** Everything but the summary: what recall answers, so a search never leaks whole text. */
  static ObjectNode metadata(ContextItem item, Instant now) {
    ObjectNode node = Json.object().put("id", item.id()).put("kind", item.kind().wire());
    if (item.key() != null) {
      node.put("key", item.key());
    }
    node.put("origin", item.origin().wire())
        .put("authority", item.authority().wire())
        .put("confidence", item.confidence().wire())
        .put("validity", item.validityAt(now).wire());
    node.set("sourceRefs", Json.MAPPER.valueToTree(item.sourceRefs()));
    if (!item.derivedFrom().isEmpty()) {
      node.set("derivedFrom", Json.MAPPER.valueToTree(item.derivedFrom()));
    }
    node.put("createdBy", item.createdBy())
        .put("createdAt", item.createdAt().toString())
        .put("validFrom", item.validFrom().toString());
    if (item.validTo() != null) {
      node.put("validTo", item.validTo().toString());
    }
    return node;
  }
}
