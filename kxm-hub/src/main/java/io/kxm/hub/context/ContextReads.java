package io.kxm.hub.context;

import io.kxm.core.context.ContextItem;
import io.kxm.core.context.ContextKind;
import io.kxm.core.context.ContextLimits;
import io.kxm.core.context.ContextPacket;
import io.kxm.core.context.ContextRequests;
import io.kxm.core.context.LexicalRanker;
import io.kxm.core.context.PacketBuilder;
import io.kxm.core.json.Json;
import io.kxm.core.search.RetrievalMode;
import io.kxm.core.search.SearchHit;
import io.kxm.store.Store;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The four context reads of one project: a role's packet, recall, a state key, episodes. Callers
 * have settled the project already (see {@link ContextScope}).
 */
public final class ContextReads {
  private static final Logger LOG = LoggerFactory.getLogger(ContextReads.class);

  private final Store store;
  private final Clock clock;

  public ContextReads(Store store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** {@code {"packet", "audit"}}. */
  public ObjectNode packet(String project, ContextRequests.Packet request) {
    Instant now = clock.instant();
    Found found = find(project, request.includeKinds(), request.task(), now);
    ContextPacket built =
        PacketBuilder.build(request, found.candidates(), found.hits(), found.mode());
    // The task text stays out of the log; its size and the outcome are enough to follow a run.
    LOG.info(
        "context packet project={} role={} taskChars={} budget={} selected={} tokens={} run={}",
        project,
        request.role(),
        request.task().length(),
        request.budgetTokens(),
        built.packet().path("items").size(),
        built.tokenEstimate(),
        request.workflowRunId());
    ObjectNode answer = Json.object();
    answer.set("packet", built.packet());
    answer.set("audit", built.audit());
    return answer;
  }

  /** {@code {"items", "unresolvedGaps", "retrieval"}}: metadata with relevance, never summaries. */
  public ObjectNode recall(String project, ContextRequests.Recall request) {
    Instant now = clock.instant();
    ObjectNode answer = Json.object();
    ArrayNode items = answer.putArray("items");
    if (request.query().isBlank()) {
      List<ContextItem> listed =
          store.read(
              tx -> tx.context().current(project, request.kinds(), now, true, request.limit()));
      for (ContextItem item : listed) {
        items.add(ContextViews.metadata(item, now).put("relevance", 0.0));
      }
      answer.putArray("unresolvedGaps");
      answer.put("retrieval", RetrievalMode.NONE.wireName());
      return answer;
    }
    Found found = find(project, request.kinds(), request.query(), now);
    Map<String, ContextItem> byId =
        found.candidates().stream().collect(Collectors.toMap(ContextItem::id, Function.identity()));
    for (SearchHit hit : found.hits().stream().limit(request.limit()).toList()) {
      items.add(
          ContextViews.metadata(byId.get(hit.docId()), now)
              .put("relevance", Math.round(hit.relevance() * 1000) / 1000.0)
              .put("exactPhrase", hit.exactPhrase()));
    }
    answer.set(
        "unresolvedGaps",
        Json.MAPPER.valueToTree(LexicalRanker.gaps(request.query(), found.candidates())));
    answer.put("retrieval", found.mode().wireName());
    return answer;
  }

  /** The current candidates of the kinds asked, and the full-text hits among them. */
  private record Found(List<ContextItem> candidates, List<SearchHit> hits, RetrievalMode mode) {}

  private Found find(String project, Set<ContextKind> kinds, String query, Instant now) {
    return store.read(tx -> {
      List<ContextItem> candidates =
          tx.context().current(project, kinds, now, false, ContextLimits.CANDIDATES_MAX);
      if (LexicalRanker.words(query).isEmpty() || candidates.isEmpty()) {
        return new Found(candidates, List.of(), RetrievalMode.NONE);
      }
      Set<String> ids = candidates.stream().map(ContextItem::id).collect(Collectors.toSet());
      // Hits of other kinds, or lapsed but not yet swept, are dropped here.
      List<SearchHit> hits =
          tx.context().search(project, query, ContextLimits.CANDIDATES_MAX).stream()
              .filter(hit -> ids.contains(hit.docId()))
              .toList();
      return new Found(candidates, hits, RetrievalMode.FTS);
    });
  }

  /** {@code {"state", "key"}}; state is null when the key had no value then. */
  public ObjectNode state(String project, ContextRequests.State request) {
    Instant now = clock.instant();
    Instant at = request.asOf() == null ? now : request.asOf();
    ObjectNode answer = Json.object();
    store
        .read(tx -> tx.context().stateAt(project, request.key(), at))
        .ifPresentOrElse(
            item -> answer.set("state", ContextViews.whole(item, now)),
            () -> answer.putNull("state"));
    answer.put("key", request.key());
    if (request.asOf() != null) {
      answer.put("asOf", request.asOf().toString());
    }
    return answer;
  }

  /** {@code {"episodes": [...]}}, oldest first, at most 50. */
  public ObjectNode episodes(String project, ContextRequests.Episodes request) {
    ObjectNode answer = Json.object();
    answer.set(
        "episodes",
        Json.MAPPER.valueToTree(
            store.read(tx ->
                tx.context()
                    .episodes(project, request.workflowRunId(), ContextLimits.EPISODES_MAX))));
    return answer;
  }
}
