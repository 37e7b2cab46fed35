package io.kxm.core.reserve;

import java.util.List;

/**
 * Reservations as one agent: the hub implements it in process (for its MCP endpoint) and over HTTP
 * (for {@code kxm mcp} and the CLI). Refusals arrive as {@code KxmException} with {@code
 * reservation_conflict}, {@code reservation_not_found} or {@code reservation_not_held}.
 */
public interface ReservationOperations {

  /** Reserves the paths for the caller, or refuses naming every conflicting holder. */
  Reservation reserve(ReservationRequest request);

  /** Ends one of the caller's reservations now; releasing an ended one returns it as it is. */
  Reservation release(String reservationId);

  /** The live reservations of the caller's project, oldest first. */
  List<Reservation> live();
}
