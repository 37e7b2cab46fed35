package io.kxm.core.retention;

import java.util.Objects;

/**
 * What one purge removed from one store, or would remove when it was a dry run.
 *
 * @param store the store, as an operator names it ({@code hub}, {@code sessions}, {@code run-events
 *     <project key>})
 * @param what the kind of row ({@code finished messages}, {@code ended session runs})
 * @param removed how many rows went, or would go
 * @param cutoff what it kept: rows at or after this instant, or a rule in words
 */
public record PurgeResult(String store, String what, long removed, String cutoff) {
  public PurgeResult {
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(what, "what");
    Objects.requireNonNull(cutoff, "cutoff");
    if (removed < 0) {
      throw new IllegalArgumentException("a purge cannot remove " + removed + " rows");
    }
  }
}
