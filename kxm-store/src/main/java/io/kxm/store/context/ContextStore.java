package io.kxm.store.context;

import io.kxm.core.context.ContextItem;
import io.kxm.core.context.ContextKind;
import io.kxm.core.context.ContextProposal;
import io.kxm.core.context.Episode;
import io.kxm.core.context.ProposalStatus;
import io.kxm.core.context.Validity;
import io.kxm.core.search.SearchHit;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Context items, temporal state and state proposals of every project, plus the episodes the
 * workflow journal holds. Every read names its project: nothing here crosses projects.
 */
public interface ContextStore {

  /** Stores a validated item. */
  void insert(ContextItem item);

  /** The items of {@code project} with these ids, in any validity; absent ids are left out. */
  List<ContextItem> find(String project, Collection<String> ids);

  /**
   * Items that hold at {@code now} (current and not past their end), of these kinds.
   *
   * @param byId true: ordered by id; false: newest first
   */
  List<ContextItem> current(
      String project, Set<ContextKind> kinds, Instant now, boolean byId, int limit);

  /**
   * Current items of {@code project} found by full text for {@code query}, best first, with the
   * ranking contract of {@link io.kxm.core.search.TextIndex#search}. Items leave the index when
   * they end, so only current ones (or ones whose expiry passed unswept) are found.
   */
  List<SearchHit> search(String project, String query, int limit);

  /** Whether any current item of {@code project} holds {@code word}, by the full-text index. */
  boolean holdsWord(String project, String word);

  /** The state item of {@code key} in force at {@code at}, whatever its validity now. */
  Optional<ContextItem> stateAt(String project, String key, Instant at);

  /**
   * Ends every item of {@code key} that holds at {@code at}, as superseded from {@code at} on.
   *
   * @return how many were ended
   */
  int supersedeState(String project, String key, Instant at);

  /**
   * Ends one current item.
   *
   * @return whether it was current and is now ended
   */
  boolean end(String project, String id, Validity why, Instant at);

  /** Marks current items whose end has passed as expired; returns how many. */
  int expire(Instant now);

  /** Deletes items that ended before {@code cutoff}; returns how many. */
  int purgeEndedBefore(Instant cutoff);

  void insertProposal(ContextProposal proposal);

  Optional<ContextProposal> findProposal(String id);

  /** Proposals of {@code project}, newest first; {@code status} null for all. */
  List<ContextProposal> proposals(String project, ProposalStatus status, int limit);

  /**
   * Stores a decision if the proposal is still at {@code decided.version() - 1}.
   *
   * @return false when another decision won
   */
  boolean decide(ContextProposal decided);

  /**
   * The newest {@code limit} error, lesson, observation and experiment entries of the project's
   * workflow journal (of one run when {@code runId} is not null), returned oldest first.
   */
  List<Episode> episodes(String project, String runId, int limit);
}
