package io.kxm.store.reserve;

import io.kxm.core.reserve.Reservation;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Reservations of repository paths, timed by the store's clock. Only inside a write transaction:
 * deciding that paths are free and recording the reservation must happen under one lock.
 */
public interface ReservationStore {

  /**
   * Hands out the project's next fencing token. On PostgreSQL it locks the project's token row
   * until the transaction ends, so concurrent reserves of one project, on any hub node, run one
   * after the other from here on; SQLite has one writer anyway.
   */
  long nextToken(String project);

  /** Records a reservation made with a token from {@link #nextToken}. */
  void insert(Reservation reservation);

  /** The reservations of the project neither released nor past their deadline, oldest first. */
  List<Reservation> live(String project);

  Optional<Reservation> find(String project, String id);

  /**
   * Ends the reservation now if it is still live.
   *
   * @return the reservation as it stands afterwards, or empty when there is none with this ID
   */
  Optional<Reservation> end(String project, String id);

  /** Deletes reservations that ended before {@code cutoff}; returns how many. */
  int purgeEndedBefore(Instant cutoff);
}
