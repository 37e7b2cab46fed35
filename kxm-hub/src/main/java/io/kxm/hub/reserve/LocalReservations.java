package io.kxm.hub.reserve;

import io.kxm.core.agent.Agent;
import io.kxm.core.reserve.Reservation;
import io.kxm.core.reserve.ReservationOperations;
import io.kxm.core.reserve.ReservationRequest;
import java.util.List;
import java.util.function.Supplier;

/**
 * The reservation port of one agent inside the hub, for its MCP sessions: the same service the HTTP
 * routes use, with the agent read fresh on each call (a retired agent is refused).
 */
public final class LocalReservations implements ReservationOperations {
  private final Reservations reservations;
  private final Supplier<Agent> agent;

  public LocalReservations(Reservations reservations, Supplier<Agent> agent) {
    this.reservations = reservations;
    this.agent = agent;
  }

  @Override
  public Reservation reserve(ReservationRequest request) {
    return reservations.reserve(agent.get(), request);
  }

  @Override
  public Reservation release(String reservationId) {
    return reservations.release(agent.get(), reservationId);
  }

  @Override
  public List<Reservation> live() {
    return reservations.live(agent.get().project());
  }
}
