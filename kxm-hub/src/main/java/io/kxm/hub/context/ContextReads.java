package io.kxm.hub.context;

import io.kxm.core.context.ContextItem;
import io.kxm.core.context.ContextKind;
import io.kxm.core.context.ContextLimits;
import io.kxm.core.context.ContextPacket;
import io.kxm.core.context.ContextRequests;
import io.kxm.core.context.Episode;
import io.kxm.core.context.LexicalRanker;
import io.kxm.core.context.PacketBuilder;
import io.kxm.core.context.Validity;
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

  /** Hits whose items recall reads at a time, at the least. */
  private static final int RECALL_PAGE = 50;

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
    Set<String> words = LexicalRanker.words(request.query());
    if (words.isEmpty()) {
      answer.putArray("unresolvedGaps");
      answer.put("retrieval", RetrievalMode.NONE.wireName());
      return answer;
    }
    store.read(tx -> {
      // Only the items of the best hits are read: recall answers from the index alone, so its
      // cost follows the answer's size, not the project's.
      List<SearchHit> hits =
          tx.context().search(project, request.query(), ContextLimits.CANDIDATES_MAX);
      int page = Math.max(2 * request.limit(), RECALL_PAGE);
      int taken = 0;
      for (int from = 0; from < hits.size() && taken < request.limit(); from += page) {
        List<SearchHit> slice = hits.subList(from, Math.min(hits.size(), from + page));
        Map<String, ContextItem> byId =
            tx.context().find(project, slice.stream().map(SearchHit::docId).toList()).stream()
                .collect(Collectors.toMap(ContextItem::id, Function.identity()));
        for (SearchHit hit : slice) {
          ContextItem item = byId.get(hit.docId());
          if (item == null || !holds(item, request.kinds(), now)) {
            continue; // another kind, or lapsed but not yet swept
          }
          items.add(
              ContextViews.metadata(item, now)
                  .put("relevance", Math.round(hit.relevance() * 1000) / 1000.0)
                  .put("exactPhrase", hit.exactPhrase()));
          if (++taken == request.limit()) {
            break;
          }
        }
      }
      ArrayNode gaps = answer.putArray("unresolvedGaps");
      words.stream().filter(word -> !tx.context().holdsWord(project, word)).forEach(gaps::add);
      return null;
    });
    answer.put("retrieval", RetrievalMode.FTS.wireName());
    return answer;
  }

  private static boolean holds(ContextItem item, Set<ContextKind> kinds, Instant now) {
    return kinds.contains(item.kind())
        && item.validity() == Validity.CURRENT
        && (item.validTo() == null || item.validTo().isAfter(now));
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
            store
                .read(tx ->
                    tx.context()
                        .episodes(project, request.workflowRunId(), ContextLimits.EPISODES_MAX))
                .stream()
                .map(Episode::redacted)
                .toList()));
    return answer;
  }
}
