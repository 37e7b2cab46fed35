package io.kxm.cli.guard;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.reserve.Reservation;
import java.util.List;
import java.util.Map;

/** What the guard says about changing some files: go ahead, or not and why. */
sealed interface EditVerdict {

  /**
   * @param underOwn each file that one of the editor's own live reservations covers, with it
   * @param notes things to tell the editor that do not stop it
   */
  record Allowed(Map<String, Reservation> underOwn, List<String> notes) implements EditVerdict {}

  /**
   * @param code {@code reservation_conflict}, {@code reservation_fenced}, or the code of why the
   *     reservations could not be read
   * @param reasons one line per file or problem
   * @param hint the next step
   */
  record Refused(ErrorCode code, List<String> reasons, String hint) implements EditVerdict {}
}
