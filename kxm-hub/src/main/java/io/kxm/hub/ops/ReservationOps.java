package io.kxm.hub.ops;

import io.kxm.core.agent.Agent;
import io.kxm.core.reserve.PathGlob;
import io.kxm.core.reserve.Reservation;
import io.kxm.hub.stream.EventAppender;
import java.util.LinkedHashMap;
import java.util.Map;

/** Operations entries about reservations of repository paths: made, released. */
public final class ReservationOps {
  public static final String RESERVED = "reservation.made";
  public static final String RELEASED = "reservation.released";

  private ReservationOps() {}

  public static void reserved(EventAppender events, Agent holder, Reservation reservation) {
    events.ops(reservation.project(), RESERVED, fields(holder, reservation));
  }

  public static void released(EventAppender events, Agent holder, Reservation reservation) {
    events.ops(reservation.project(), RELEASED, fields(holder, reservation));
  }

  private static Map<String, Object> fields(Agent holder, Reservation reservation) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("reservationId", reservation.id());
    data.put("holderId", holder.id());
    data.put("holder", holder.name());
    data.put("paths", reservation.globs().stream().map(PathGlob::pattern).toList());
    data.put("mode", reservation.mode().wire());
    data.put("fencingToken", reservation.fencingToken());
    data.put("expiresAt", reservation.expiresAt().toString());
    return data;
  }
}
