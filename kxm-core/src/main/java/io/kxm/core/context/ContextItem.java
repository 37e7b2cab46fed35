package io.kxm.core.context;

import io.kxm.core.check.Require;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One stored context record with its provenance and validity.
 *
 * @param key the state key for {@link ContextKind#STATE} items, else null
 * @param summary what the item says, pattern-redacted before it was stored
 * @param sourceRefs provenance: journal entries, messages, commits, URLs it rests on
 * @param derivedFrom ids of the context items it was derived from, for derived text
 * @param createdBy who added it: an operator name or an agent name
 * @param validFrom when it took effect
 * @param validTo when it stopped holding (superseded, rejected) or will expire; null while open
 */
public record ContextItem(
    String id,
    String project,
    ContextKind kind,
    String key,
    String summary,
    ContextOrigin origin,
    Authority authority,
    Confidence confidence,
    Validity validity,
    List<String> sourceRefs,
    List<String> derivedFrom,
    String createdBy,
    Instant createdAt,
    Instant validFrom,
    Instant validTo) {

  public ContextItem {
    Require.label(id, "id", ContextLimits.ID_MAX);
    Require.label(project, "project", ContextLimits.NAME_MAX);
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(authority, "authority");
    Objects.requireNonNull(confidence, "confidence");
    Objects.requireNonNull(validity, "validity");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(validFrom, "validFrom");
    if ((kind == ContextKind.STATE) != (key != null)) {
      throw new KxmException(
          ErrorCode.CONTEXT_ITEM_INVALID, "a key is required on state items and only on them");
    }
    sourceRefs = List.copyOf(sourceRefs);
    derivedFrom = List.copyOf(derivedFrom);
    AuthorityRules.requireWithinCeiling(origin, authority);
  }

  /** Its validity at {@code now}: a current item whose end has passed reads as expired. */
  public Validity validityAt(Instant now) {
    if (validity == Validity.CURRENT && validTo != null && !now.isBefore(validTo)) {
      return Validity.EXPIRED;
    }
    return validity;
  }

  /** Whether it was the item in force at {@code at}: {@code validFrom <= at < validTo}. */
  public boolean inForceAt(Instant at) {
    return validity != Validity.REJECTED
        && !at.isBefore(validFrom)
        && (validTo == null || at.isBefore(validTo));
  }

  /** The same item ended at {@code at} with {@code why}. */
  public ContextItem ended(Validity why, Instant at) {
    return new ContextItem(
        id,
        project,
        kind,
        key,
        summary,
        origin,
        authority,
        confidence,
        why,
        sourceRefs,
        derivedFrom,
        createdBy,
        createdAt,
        validFrom,
        at);
  }
}
