package io.kxm.core.context;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Collection;

/**
 * The two rules that keep authority honest: an origin grants at most its ceiling, and text derived
 * from other items is never more binding than the weakest of them.
 */
public final class AuthorityRules {
  private AuthorityRules() {}

  /**
   * @throws KxmException {@code context_authority_exceeded} when {@code asked} is above the
   *     origin's ceiling
   */
  public static void requireWithinCeiling(ContextOrigin origin, Authority asked) {
    if (!asked.atMost(origin.ceiling())) {
      throw new KxmException(
          ErrorCode.CONTEXT_AUTHORITY_EXCEEDED,
          "origin "
              + origin.wire()
              + " grants at most "
              + origin.ceiling().wire()
              + "; "
              + asked.wire()
              + " was asked");
    }
  }

  /**
   * Checks an item's authority against its origin and, when it was derived from others, against the
   * weakest of its sources.
   *
   * @param sources the authorities of the items it names in {@code derivedFrom}; empty when none
   * @throws KxmException {@code context_authority_exceeded} for either rule, {@code
   *     context_item_invalid} for a derived item that names no source
   */
  public static void require(ContextOrigin origin, Authority asked, Collection<Authority> sources) {
    requireWithinCeiling(origin, asked);
    if (origin == ContextOrigin.DERIVED && sources.isEmpty()) {
      throw new KxmException(
          ErrorCode.CONTEXT_ITEM_INVALID,
          "a derived item must name the items it was derived from in derivedFrom");
    }
    if (!sources.isEmpty()) {
      Authority ceiling = Authority.POLICY;
      for (Authority source : sources) {
        ceiling = Authority.weaker(ceiling, source);
      }
      if (!asked.atMost(ceiling)) {
        throw new KxmException(
            ErrorCode.CONTEXT_AUTHORITY_EXCEEDED,
            "an item derived from others is at most as binding as the weakest of them ("
                + ceiling.wire()
                + "); "
                + asked.wire()
                + " was asked");
      }
    }
  }
}
