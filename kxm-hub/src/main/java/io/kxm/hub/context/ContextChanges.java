package io.kxm.hub.context;

import io.kxm.core.context.Authority;
import io.kxm.core.context.AuthorityRules;
import io.kxm.core.context.ContextItem;
import io.kxm.core.context.ContextKind;
import io.kxm.core.context.ContextLimits;
import io.kxm.core.context.ContextOrigin;
import io.kxm.core.context.ContextProposal;
import io.kxm.core.context.ContextRequests;
import io.kxm.core.context.ProposalStatus;
import io.kxm.core.context.Validity;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.id.Ids;
import io.kxm.core.json.Json;
import io.kxm.store.Store;
import io.kxm.store.context.ContextStore;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every change to a project's context: items operators add, proposals agents and operators make,
 * and the promotion or rejection that decides a proposal. A state change ends the key's current
 * value and adds the new one in the same transaction, so {@code asOf} never sees a gap or overlap.
 */
public final class ContextChanges {
  private final Store store;
  private final Clock clock;

  public ContextChanges(Store store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /**
   * Adds an item an operator or workflow wrote.
   *
   * @return {@code {"item"}}
   * @throws KxmException {@code context_item_invalid} for an unknown source or a past expiry,
   *     {@code context_authority_exceeded} above the origin's ceiling or the sources' weakest
   */
  public ObjectNode add(ContextRequests.NewItem request) {
    Instant now = clock.instant();
    if (request.expiresAt() != null && !request.expiresAt().isAfter(now)) {
      throw new KxmException(
          ErrorCode.CONTEXT_ITEM_INVALID,
          "expiresAt " + request.expiresAt() + " is not after now (" + now + ")");
    }
    ContextItem stored =
        store.write(tx -> {
          ContextStore context = tx.context();
          List<Authority> sources = sourceAuthorities(context, request);
          AuthorityRules.require(request.origin(), request.authority(), sources);
          ContextItem item =
              new ContextItem(
                  Ids.next("ctx", clock),
                  request.project(),
                  request.kind(),
                  request.key(),
                  request.summary(),
                  request.origin(),
                  request.authority(),
                  request.confidence(),
                  Validity.CURRENT,
                  request.sourceRefs(),
                  request.derivedFrom(),
                  request.createdBy(),
                  now,
                  now,
                  request.expiresAt());
          if (item.kind() == ContextKind.STATE) {
            context.supersedeState(item.project(), item.key(), now);
          }
          context.insert(item);
          return item;
        });
    ObjectNode answer = Json.object();
    answer.set("item", ContextViews.whole(stored, now));
    return answer;
  }

  /**
   * Records a proposal. An agent's is peer origin; an operator's (admin route) human origin.
   *
   * @param proposer the authenticated caller's name
   * @return {@code {"proposalId"}}
   */
  public ObjectNode propose(
      String project, String proposer, ContextOrigin origin, ContextRequests.Proposal request) {
    AuthorityRules.requireWithinCeiling(origin, request.authority());
    ContextProposal proposal =
        new ContextProposal(
            Ids.next("cpr", clock),
            project,
            request.key(),
            request.summary(),
            request.authority(),
            request.confidence(),
            request.evidenceRefs(),
            proposer,
            origin,
            ProposalStatus.PENDING,
            null,
            null,
            null,
            clock.instant(),
            1);
    store.write(tx -> {
      tx.context().insertProposal(proposal);
      return null;
    });
    return Json.object().put("proposalId", proposal.id());
  }

  /** {@code {"proposals"}} of a project, newest first; {@code status} null for all. */
  public ObjectNode proposals(String project, ProposalStatus status) {
    ObjectNode answer = Json.object();
    answer.set(
        "proposals",
        Json.MAPPER.valueToTree(
            store.read(
                tx -> tx.context().proposals(project, status, ContextLimits.PROPOSALS_LIST_MAX))));
    return answer;
  }

  /**
   * Promotes a pending proposal to the key's current state.
   *
   * @param operator who promotes; must not be the proposal's author
   * @return {@code {"proposal", "item"}}
   * @throws KxmException {@code context_proposal_not_found}, {@code context_promotion_forbidden}
   *     for the author, or a proposal already decided
   */
  public ObjectNode promote(String proposalId, String operator) {
    Instant now = clock.instant();
    ContextItem[] created = new ContextItem[1];
    ContextProposal decided =
        store.write(tx -> {
          ContextStore context = tx.context();
          ContextProposal pending = pending(context, proposalId, operator, "promote");
          ContextItem item =
              new ContextItem(
                  Ids.next("ctx", clock),
                  pending.project(),
                  ContextKind.STATE,
                  pending.key(),
                  pending.summary(),
                  pending.origin(),
                  pending.authority(),
                  pending.confidence(),
                  Validity.CURRENT,
                  pending.evidenceRefs(),
                  List.of(),
                  pending.proposedBy(),
                  now,
                  now,
                  null);
          context.supersedeState(item.project(), item.key(), now);
          context.insert(item);
          ContextProposal done = pending.decided(ProposalStatus.PROMOTED, operator, now, item.id());
          requireDecided(context, done);
          created[0] = item;
          return done;
        });
    ObjectNode answer = Json.object();
    answer.set("proposal", Json.MAPPER.valueToTree(decided));
    answer.set("item", ContextViews.whole(created[0], now));
    return answer;
  }

  /** Rejects a pending proposal; state does not change. {@code {"proposal"}}. */
  public ObjectNode reject(String proposalId, String operator) {
    Instant now = clock.instant();
    ContextProposal decided =
        store.write(tx -> {
          ContextStore context = tx.context();
          ContextProposal done =
              pending(context, proposalId, operator, "reject")
                  .decided(ProposalStatus.REJECTED, operator, now, null);
          requireDecided(context, done);
          return done;
        });
    ObjectNode answer = Json.object();
    answer.set("proposal", Json.MAPPER.valueToTree(decided));
    return answer;
  }

  private static ContextProposal pending(
      ContextStore context, String proposalId, String operator, String verb) {
    ContextProposal proposal =
        context
            .findProposal(proposalId)
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.CONTEXT_PROPOSAL_NOT_FOUND, "no proposal " + proposalId));
    if (proposal.status() != ProposalStatus.PENDING) {
      throw new KxmException(
          ErrorCode.CONTEXT_PROMOTION_FORBIDDEN,
          "proposal "
              + proposalId
              + " is already "
              + proposal.status().wire()
              + " by "
              + proposal.decidedBy(),
          "List pending proposals with 'kxm context proposals' and decide one of those.");
    }
    if (sameIdentity(proposal.proposedBy(), operator)) {
      throw new KxmException(
          ErrorCode.CONTEXT_PROMOTION_FORBIDDEN,
          operator + " proposed " + proposalId + " and may not " + verb + " it too");
    }
    return proposal;
  }

  private static void requireDecided(ContextStore context, ContextProposal done) {
    if (!context.decide(done)) {
      throw new KxmException(
          ErrorCode.CONTEXT_PROMOTION_FORBIDDEN,
          "proposal " + done.id() + " was decided by someone else meanwhile");
    }
  }

  /** Names compare regardless of case, as agent names do. */
  private static boolean sameIdentity(String a, String b) {
    return a.toLowerCase(Locale.ROOT).equals(b.toLowerCase(Locale.ROOT));
  }

  private static List<Authority> sourceAuthorities(
      ContextStore context, ContextRequests.NewItem request) {
    if (request.derivedFrom().isEmpty()) {
      return List.of();
    }
    List<ContextItem> found = context.find(request.project(), request.derivedFrom());
    Set<String> foundIds = found.stream().map(ContextItem::id).collect(Collectors.toSet());
    for (String id : request.derivedFrom()) {
      if (!foundIds.contains(id)) {
        throw new KxmException(
            ErrorCode.CONTEXT_ITEM_INVALID,
            "derivedFrom names " + id + ", which is not an item of project " + request.project());
      }
    }
    return found.stream().map(ContextItem::authority).toList();
  }
}
