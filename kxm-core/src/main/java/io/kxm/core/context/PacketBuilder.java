package io.kxm.core.context;

import io.kxm.core.json.Json;
import io.kxm.core.search.RetrievalMode;
import io.kxm.core.search.SearchHit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Cuts a role's packet to its token budget. Items are scored by relevance to the task, the role's
 * preference for their kind, their authority and their confidence, then taken best first while they
 * fit. Each item is charged the estimate of its own JSON text plus its separator, and the packet's
 * frame is charged up front; since estimates round up piece by piece, the whole packet's estimate
 * can never exceed the sum charged, and so never exceeds the budget.
 */
public final class PacketBuilder {
  private PacketBuilder() {}

  private record Scored(ContextItem item, double relevance, double score) {}

  /**
   * @param candidates current items of the project, any kinds
   * @param hits the task ranked against the candidates (see {@link LexicalRanker#rank})
   * @param mode how {@code hits} were retrieved
   */
  public static ContextPacket build(
      ContextRequests.Packet request,
      List<ContextItem> candidates,
      List<SearchHit> hits,
      RetrievalMode mode) {
    Map<String, Double> relevance = new HashMap<>();
    double best = 0;
    for (SearchHit hit : hits) {
      relevance.put(hit.docId(), hit.relevance());
      best = Math.max(best, hit.relevance());
    }
    int excludedKinds = 0;
    List<Scored> scored = new ArrayList<>();
    for (ContextItem item : candidates) {
      if (!request.includeKinds().contains(item.kind())) {
        excludedKinds++;
        continue;
      }
      double rel = relevance.getOrDefault(item.id(), 0.0);
      double normalized = best > 0 ? rel / best : 0;
      double score =
          2 * normalized
              + RoleBudgets.preference(request.role(), item.kind())
              + 0.25 * item.authority().weight()
              + confidenceBonus(item.confidence());
      scored.add(new Scored(item, rel, Math.round(score * 1000) / 1000.0));
    }
    scored.sort(
        Comparator.comparingDouble(Scored::score).reversed().thenComparing(s -> s.item().id()));

    ObjectNode packet = Json.object().put("role", request.role());
    ArrayNode items = packet.putArray("items");
    int used = TokenEstimate.of(Json.write(packet));
    ArrayNode selected = Json.MAPPER.createArrayNode();
    Map<String, Integer> provenance = new TreeMap<>();
    int overBudget = 0;
    for (Scored candidate : scored) {
      ObjectNode entry = entry(candidate.item());
      int cost = TokenEstimate.of(Json.write(entry)) + 1;
      if (used + cost > request.budgetTokens()) {
        overBudget++;
        continue;
      }
      used += cost;
      items.add(entry);
      provenance.merge(candidate.item().origin().wire(), 1, Integer::sum);
      selected.add(
          Json.object()
              .put("id", candidate.item().id())
              .put("kind", candidate.item().kind().wire())
              .put("authority", candidate.item().authority().wire())
              .put("relevance", candidate.relevance())
              .put("score", candidate.score())
              .put("tokens", cost)
              .put("reason", reason(request.role(), candidate)));
    }
    int estimate = TokenEstimate.of(Json.write(packet));
    ObjectNode audit = Json.object();
    audit.set("request", echo(request));
    audit.put("retrieval", mode.wireName());
    audit.set("selected", selected);
    audit.set("provenance", Json.MAPPER.valueToTree(provenance));
    ObjectNode skipped = audit.putObject("skipped");
    skipped.put("overBudget", overBudget).put("excludedKinds", excludedKinds);
    audit.put("candidates", candidates.size());
    audit.put("budgetTokens", request.budgetTokens());
    audit.put("tokenEstimate", estimate);
    return new ContextPacket(packet, audit, estimate);
  }

  /** What the agent reads of an item: enough to weigh it, and its provenance. */
  static ObjectNode entry(ContextItem item) {
    ObjectNode entry = Json.object().put("id", item.id()).put("kind", item.kind().wire());
    if (item.key() != null) {
      entry.put("key", item.key());
    }
    entry
        .put("summary", item.summary())
        .put("authority", item.authority().wire())
        .put("confidence", item.confidence().wire())
        .put("origin", item.origin().wire());
    if (!item.sourceRefs().isEmpty()) {
      entry.set("sourceRefs", Json.MAPPER.valueToTree(item.sourceRefs()));
    }
    return entry;
  }

  private static double confidenceBonus(Confidence confidence) {
    return switch (confidence) {
      case VERIFIED -> 0.2;
      case PROBABLE -> 0.1;
      case UNCERTAIN -> 0;
    };
  }

  private static String reason(String role, Scored scored) {
    ContextItem item = scored.item();
    String relevance =
        scored.relevance() > 0 ? "matches the task (" + scored.relevance() + ")" : "no task match";
    double preference = RoleBudgets.preference(role, item.kind());
    String kind =
        preference >= 0.75
            ? role + " reads " + item.kind().wire() + " first"
            : preference > 0 ? role + " reads " + item.kind().wire() : item.kind().wire();
    return relevance
        + "; "
        + kind
        + "; "
        + item.authority().wire()
        + ", "
        + item.confidence().wire();
  }

  private static ObjectNode echo(ContextRequests.Packet request) {
    ObjectNode echo = Json.object().put("role", request.role()).put("task", request.task());
    if (request.workflowRunId() != null) {
      echo.put("workflowRunId", request.workflowRunId());
    }
    if (request.stageId() != null) {
      echo.put("stageId", request.stageId());
    }
    echo.put("budgetTokens", request.budgetTokens());
    ArrayNode kinds = echo.putArray("includeKinds");
    request.includeKinds().stream().sorted().forEach(k -> kinds.add(k.wire()));
    return echo;
  }
}
