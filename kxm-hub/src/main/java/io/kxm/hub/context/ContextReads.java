package io.kxm.hub.context;

import io.kxm.core.context.ContextItem;
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
    List<ContextItem> candidates =
        store.read(tx ->
            tx.context()
                .current(
                    project, request.includeKinds(), now, false, ContextLimits.CANDIDATES_MAX));
    List<SearchHit> hits = LexicalRanker.rank(request.task(), candidates);
    ContextPacket built =
        PacketBuilder.build(request, candidates, hits, mode(request.task(), candidates));
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
    boolean listing = request.query().isBlank();
    List<ContextItem> candidates =
        store.read(tx ->
            tx.context()
                .current(
                    project,
                    request.kinds(),
                    now,
                    listing,
                    listing ? request.limit() : ContextLimits.CANDIDATES_MAX));
    ObjectNode answer = Json.object();
    ArrayNode items = answer.putArray("items");
    if (listing) {
      for (ContextItem item : candidates) {
        items.add(ContextViews.metadata(item, now).put("relevance", 0.0));
      }
      answer.putArray("unresolvedGaps");
      answer.put("retrieval", RetrievalMode.NONE.wireName());
      return answer;
    }
    Map<String, ContextItem> byId =
        candidates.stream().collect(Collectors.toMap(ContextItem::id, Function.identity()));
    for (SearchHit hit :
        LexicalRanker.rank(request.query(), candidates).stream().limit(request.limit()).toList()) {
      items.add(
          ContextViews.metadata(byId.get(hit.docId()), now)
              .put("relevance", hit.relevance())
              .put("exactPhrase", hit.exactPhrase()));
    }
    answer.set(
        "unresolvedGaps", Json.MAPPER.valueToTree(LexicalRanker.gaps(request.query(), candidates)));
    answer.put("retrieval", mode(request.query(), candidates).wireName());
    return answer;
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

  private static RetrievalMode mode(String query, List<ContextItem> candidates) {
    return query.isBlank() || candidates.isEmpty() ? RetrievalMode.NONE : RetrievalMode.FTS;
  }
}
