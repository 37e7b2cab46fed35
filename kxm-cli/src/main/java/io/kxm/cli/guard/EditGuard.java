package io.kxm.cli.guard;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.reserve.EditBlock;
import io.kxm.core.reserve.Reservation;
import io.kxm.core.reserve.ReservationRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides whether an editor may change files, from the project's live reservations and the
 * checkout's edit log: another agent's exclusive reservation refuses the change, and so does an
 * edit made under a reservation that a later one of another agent superseded. Pure, so both hooks
 * (Git's pre-commit and the agent's pre-edit) decide alike.
 */
final class EditGuard {
  private EditGuard() {}

  /**
   * @param editorName the changing agent's name, or null for someone who is no agent
   * @param live the project's live reservations as the hub reported them
   */
  static EditVerdict decide(
      List<String> paths,
      String editorName,
      List<Reservation> live,
      Map<String, EditLog.Entry> log) {
    String editorId =
        editorName == null
            ? null
            : live.stream()
                .filter(r -> r.holderName().equals(editorName))
                .map(Reservation::holder)
                .findFirst()
                .orElse(null);
    List<String> conflicts = new ArrayList<>();
    List<String> fenced = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Map<String, Reservation> underOwn = new LinkedHashMap<>();
    for (String path : paths) {
      Optional<EditBlock> blocked = ReservationRules.editBlockedBy(editorId, path, live);
      if (blocked.isPresent()) {
        conflicts.add(path + ": " + blocked.get().describe());
        continue;
      }
      EditLog.Entry edit = log.get(path);
      if (edit != null) {
        boolean stillOwn =
            live.stream()
                .anyMatch(r -> r.id().equals(edit.reservationId()) && r.holder().equals(editorId));
        if (!stillOwn) {
          Optional<Reservation> newer =
              ReservationRules.supersededBy(edit.fencingToken(), edit.holderName(), path, live);
          if (newer.isPresent()) {
            fenced.add(
                path
                    + ": edited under reservation "
                    + edit.reservationId()
                    + " (fencing token "
                    + edit.fencingToken()
                    + "), which ended; "
                    + newer.get().holderName()
                    + " holds it since under reservation "
                    + newer.get().id()
                    + " (fencing token "
                    + newer.get().fencingToken()
                    + ")");
            continue;
          }
          notes.add(
              path + ": edited under reservation " + edit.reservationId() + ", which has ended");
        }
      }
      live.stream()
          .filter(r -> r.holder().equals(editorId) && r.covering(path).isPresent())
          .findFirst()
          .ifPresent(own -> underOwn.put(path, own));
    }
    if (!conflicts.isEmpty()) {
      conflicts.addAll(fenced);
      return new EditVerdict.Refused(
          ErrorCode.RESERVATION_CONFLICT, conflicts, ErrorCode.RESERVATION_CONFLICT.hint());
    }
    if (!fenced.isEmpty()) {
      return new EditVerdict.Refused(
          ErrorCode.RESERVATION_FENCED, fenced, ErrorCode.RESERVATION_FENCED.hint());
    }
    return new EditVerdict.Allowed(underOwn, notes);
  }
}
