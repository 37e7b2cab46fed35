package io.kxm.hub.reserve;

import io.kxm.core.agent.Agent;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.id.Ids;
import io.kxm.core.reserve.Reservation;
import io.kxm.core.reserve.ReservationConflict;
import io.kxm.core.reserve.ReservationLimits;
import io.kxm.core.reserve.ReservationRequest;
import io.kxm.core.reserve.ReservationRules;
import io.kxm.hub.ops.ReservationOps;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Store;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reserving and releasing repository paths in an agent's name. The check and the record share one
 * transaction behind the project's token row, so no two agents, on any hub node, both find a path
 * free.
 */
public final class Reservations {
  private final StreamWriter writer;
  private final Store store;
  private final Clock clock;

  public Reservations(StreamWriter writer, Clock clock) {
    this.writer = writer;
    this.store = writer.store();
    this.clock = clock;
  }

  private sealed interface Outcome {}

  private record Made(Reservation reservation) implements Outcome {}

  private record Refused(List<ReservationConflict> conflicts) implements Outcome {}

  private record Full(int live) implements Outcome {}

  /**
   * Reserves the paths for {@code holder}.
   *
   * @throws KxmException {@code reservation_conflict} naming every holder in the way, or {@code
   *     reservations_full}
   */
  public Reservation reserve(Agent holder, ReservationRequest request) {
    Outcome outcome =
        writer.write((tx, events) -> {
          String project = holder.project();
          long token = tx.reservations().nextToken(project);
          List<Reservation> live = tx.reservations().live(project);
          if (live.size() >= ReservationLimits.LIVE_PER_PROJECT_MAX) {
            return new Full(live.size());
          }
          Instant now = Instant.ofEpochMilli(clock.millis());
          List<ReservationConflict> conflicts =
              ReservationRules.conflicts(holder.id(), request, live, now);
          if (!conflicts.isEmpty()) {
            return new Refused(conflicts);
          }
          Reservation made =
              new Reservation(
                  Ids.next("rsv", clock),
                  project,
                  holder.id(),
                  holder.name(),
                  request.globs(),
                  request.mode(),
                  request.reason(),
                  token,
                  now,
                  now.plus(request.ttl()),
                  null);
          tx.reservations().insert(made);
          ReservationOps.reserved(events, holder, made);
          return new Made(made);
        });
    return switch (outcome) {
      case Made made -> made.reservation();
      case Refused refused ->
          throw new KxmException(
              ErrorCode.RESERVATION_CONFLICT,
              refused.conflicts().stream()
                  .map(ReservationConflict::describe)
                  .collect(Collectors.joining("; ")));
      case Full full ->
          throw new KxmException(
              ErrorCode.RESERVATIONS_FULL,
              "project '"
                  + holder.project()
                  + "' holds "
                  + full.live()
                  + " live reservations, the most it may");
    };
  }

  /**
   * Ends one of {@code holder}'s reservations; one that already ended comes back as it is.
   *
   * @throws KxmException {@code reservation_not_found} or {@code reservation_not_held}
   */
  public Reservation release(Agent holder, String reservationId) {
    return writer.write((tx, events) -> {
      Reservation found =
          tx.reservations()
              .find(holder.project(), reservationId)
              .orElseThrow(() -> notFound(holder.project(), reservationId));
      if (!found.holder().equals(holder.id())) {
        throw new KxmException(
            ErrorCode.RESERVATION_NOT_HELD,
            "reservation "
                + reservationId
                + " is "
                + found.describeHolder()
                + ", not this agent's");
      }
      if (!found.liveAt(Instant.ofEpochMilli(clock.millis()))) {
        return found;
      }
      Reservation ended = tx.reservations().end(holder.project(), reservationId).orElseThrow();
      ReservationOps.released(events, holder, ended);
      return ended;
    });
  }

  /** The project's live reservations, oldest first. */
  public List<Reservation> live(String project) {
    return store.read(tx -> tx.reservations().live(project));
  }

  /**
   * One reservation of the project, live or ended within the retention.
   *
   * @throws KxmException {@code reservation_not_found}
   */
  public Reservation find(String project, String reservationId) {
    return store
        .read(tx -> tx.reservations().find(project, reservationId))
        .orElseThrow(() -> notFound(project, reservationId));
  }

  private static KxmException notFound(String project, String id) {
    return new KxmException(
        ErrorCode.RESERVATION_NOT_FOUND,
        "project '" + project + "' has no reservation " + id + " (ended ones are kept 7 days)");
  }
}
