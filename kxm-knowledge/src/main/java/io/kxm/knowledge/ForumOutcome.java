package io.kxm.knowledge;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a forum phase did in one room.
 *
 * @param endedEarly whether every participant signalled done and early exit skipped the rest
 */
public record ForumOutcome(ForumRoom room, List<Round> rounds, boolean endedEarly) {
  public ForumOutcome {
    rounds = List.copyOf(rounds);
  }

  /** The posts and insights written over all rounds. */
  public int posts() {
    return rounds.stream().mapToInt(Round::posts).sum();
  }

  /**
   * One round.
   *
   * @param closeReason {@code all_done}, {@code turns_ended} or {@code timeout}
   * @param failures participants whose turn threw, with the (redacted) message
   */
  public record Round(
      int round, String closeReason, int posts, Set<String> done, Map<String, String> failures) {
    public Round {
      done = Set.copyOf(done);
      failures = Map.copyOf(failures);
    }
  }
}
