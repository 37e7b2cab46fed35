package io.kxm.core.context;

import io.kxm.core.check.Require;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A proposed new value for one state key. Nothing changes until an operator other than its author
 * promotes it; then it becomes the key's current state item.
 *
 * @param proposedBy the agent or operator that made it, as authenticated
 * @param origin peer for an agent, human for an operator
 * @param decidedBy the operator who promoted or rejected it, or null while pending
 * @param itemId the state item a promotion created, or null
 * @param version for optimistic concurrency: a decision names the version it read
 */
public record ContextProposal(
    String id,
    String project,
    String key,
    String summary,
    Authority authority,
    Confidence confidence,
    List<String> evidenceRefs,
    String proposedBy,
    ContextOrigin origin,
    ProposalStatus status,
    String decidedBy,
    Instant decidedAt,
    String itemId,
    Instant createdAt,
    int version) {

  public ContextProposal {
    Require.label(id, "id", ContextLimits.ID_MAX);
    Require.label(project, "project", ContextLimits.NAME_MAX);
    Require.label(key, "key", ContextLimits.KEY_MAX);
    Require.text(summary, "summary", ContextLimits.SUMMARY_MAX);
    Objects.requireNonNull(authority, "authority");
    Objects.requireNonNull(confidence, "confidence");
    evidenceRefs = List.copyOf(evidenceRefs);
    Require.label(proposedBy, "proposedBy", ContextLimits.NAME_MAX);
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(createdAt, "createdAt");
    AuthorityRules.requireWithinCeiling(origin, authority);
  }

  /** The same proposal decided by {@code operator} at {@code at}. */
  public ContextProposal decided(ProposalStatus to, String operator, Instant at, String newItemId) {
    return new ContextProposal(
        id,
        project,
        key,
        summary,
        authority,
        confidence,
        evidenceRefs,
        proposedBy,
        origin,
        to,
        operator,
        at,
        newItemId,
        createdAt,
        version + 1);
  }
}
