package io.kxm.knowledge;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * One forum round as stored: who takes part, how many posts each may make, and whether it closed.
 *
 * @param closeReason why it closed ({@code all_done}, {@code turns_ended}, {@code timeout}); null
 *     while open
 * @param done the participants that signalled done, in no particular order
 */
public record RoundState(
    ForumRoom room,
    int round,
    int generation,
    List<String> participants,
    int maxPostsPerAgent,
    Instant openedAt,
    Instant closedAt,
    String closeReason,
    Set<String> done) {
  public RoundState {
    participants = List.copyOf(participants);
    done = Set.copyOf(done);
  }

  public boolean isOpen() {
    return closedAt == null;
  }

  /** Whether every participant signalled done. */
  public boolean allDone() {
    return done.containsAll(participants);
  }
}
