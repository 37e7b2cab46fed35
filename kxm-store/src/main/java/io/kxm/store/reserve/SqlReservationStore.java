package io.kxm.store.reserve;

import io.kxm.core.reserve.PathGlob;
import io.kxm.core.reserve.Reservation;
import io.kxm.core.reserve.ReservationMode;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.Row;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** {@link ReservationStore} in SQL that SQLite and PostgreSQL both accept. */
public final class SqlReservationStore implements ReservationStore {
  private static final String COLUMNS =
      "id, project, holder, holder_name, globs, mode, reason, fencing_token, created_at,"
          + " expires_at, ended_at";

  private final Jdbc jdbc;
  private final Clock clock;

  public SqlReservationStore(Jdbc jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  @Override
  public long nextToken(String project) {
    return jdbc.about("take the next reservation token of project " + project)
        .first(
            "INSERT INTO reservation_tokens (project, last_token) VALUES (?, 1)"
                + " ON CONFLICT (project) DO UPDATE"
                + " SET last_token = reservation_tokens.last_token + 1 RETURNING last_token",
            row -> row.longValue("last_token"),
            project)
        .orElseThrow();
  }

  @Override
  public void insert(Reservation r) {
    jdbc.about("record reservation " + r.id() + " in project " + r.project())
        .update(
            "INSERT INTO reservations (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            r.id(),
            r.project(),
            r.holder(),
            r.holderName(),
            r.globs().stream().map(PathGlob::pattern).collect(Collectors.joining("\n")),
            r.mode().wire(),
            r.reason(),
            r.fencingToken(),
            r.createdAt(),
            r.expiresAt(),
            r.endedAt());
  }

  @Override
  public List<Reservation> live(String project) {
    return jdbc.about("list live reservations of project " + project)
        .list(
            "SELECT "
                + COLUMNS
                + " FROM reservations WHERE project = ? AND ended_at IS NULL AND expires_at > ?"
                + " ORDER BY fencing_token",
            SqlReservationStore::map,
            project,
            now());
  }

  @Override
  public Optional<Reservation> find(String project, String id) {
    return jdbc.about("read reservation " + id + " in project " + project)
        .first(
            "SELECT " + COLUMNS + " FROM reservations WHERE project = ? AND id = ?",
            SqlReservationStore::map,
            project,
            id);
  }

  @Override
  public Optional<Reservation> end(String project, String id) {
    Instant now = now();
    jdbc.about("end reservation " + id + " in project " + project)
        .update(
            "UPDATE reservations SET ended_at = ?"
                + " WHERE project = ? AND id = ? AND ended_at IS NULL AND expires_at > ?",
            now,
            project,
            id,
            now);
    return find(project, id);
  }

  @Override
  public int purgeEndedBefore(Instant cutoff) {
    return jdbc.about("purge reservations ended before " + cutoff)
        .update(
            "DELETE FROM reservations WHERE expires_at < ? OR (ended_at IS NOT NULL AND ended_at < ?)",
            cutoff,
            cutoff);
  }

  private Instant now() {
    return Instant.ofEpochMilli(clock.millis());
  }

  private static Reservation map(Row row) throws SQLException {
    return new Reservation(
        row.string("id"),
        row.string("project"),
        row.string("holder"),
        row.string("holder_name"),
        Arrays.stream(row.string("globs").split("\n", -1)).map(PathGlob::of).toList(),
        ReservationMode.fromWire(row.string("mode")),
        row.string("reason"),
        row.longValue("fencing_token"),
        row.instant("created_at"),
        row.instant("expires_at"),
        row.nullableInstant("ended_at"));
  }
}
