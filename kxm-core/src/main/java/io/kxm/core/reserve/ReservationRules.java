package io.kxm.core.reserve;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Who may hold and edit what. Pure: the hub applies it to the live reservations inside the
 * transaction that records a new one, and the Git and agent hooks to the list they read.
 */
public final class ReservationRules {
  private ReservationRules() {}

  /**
   * The live reservations of other agents that keep {@code holder} from reserving {@code wanted},
   * each with the globs that meet. A holder never conflicts with itself, and shared reservations
   * coexist.
   */
  public static List<ReservationConflict> conflicts(
      String holder, ReservationRequest wanted, List<Reservation> reservations, Instant now) {
    List<ReservationConflict> conflicts = new ArrayList<>();
    for (Reservation held : reservations) {
      if (held.holder().equals(holder)
          || !held.liveAt(now)
          || wanted.mode().coexistsWith(held.mode())) {
        continue;
      }
      List<Overlap> overlaps = new ArrayList<>();
      for (PathGlob mine : wanted.globs()) {
        for (PathGlob theirs : held.globs()) {
          GlobOverlap.witness(mine, theirs)
              .ifPresent(example -> overlaps.add(new Overlap(mine, theirs, example)));
        }
      }
      if (!overlaps.isEmpty()) {
        conflicts.add(new ReservationConflict(held, overlaps));
      }
    }
    return conflicts;
  }

  /**
   * The exclusive reservation of another agent covering {@code path}, which keeps {@code editor}
   * (an agent ID, or null for someone who is no agent) from changing it.
   *
   * @param live reservations the hub reported live; a hook trusts the hub's clock, not its own
   */
  public static Optional<EditBlock> editBlockedBy(
      String editor, String path, List<Reservation> live) {
    for (Reservation held : live) {
      if (held.holder().equals(editor) || held.mode() != ReservationMode.EXCLUSIVE) {
        continue;
      }
      Optional<PathGlob> covering = held.covering(path);
      if (covering.isPresent()) {
        return Optional.of(new EditBlock(held, covering.get()));
      }
    }
    return Optional.empty();
  }

  /**
   * For an edit of {@code path} made under the reservation with {@code fencingToken}, the later
   * live reservation of another holder covering the path: work done under the older token must not
   * land over the newer holder's.
   */
  public static Optional<Reservation> supersededBy(
      long fencingToken, String holderName, String path, List<Reservation> live) {
    return live.stream()
        .filter(r -> r.fencingToken() > fencingToken)
        .filter(r -> !r.holderName().equals(holderName))
        .filter(r -> r.covering(path).isPresent())
        .findFirst();
  }
}
