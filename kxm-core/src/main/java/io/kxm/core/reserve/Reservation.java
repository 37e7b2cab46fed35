package io.kxm.core.reserve;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.kxm.core.check.Require;
import java.time.Instant;
import java.util.List;

/**
 * Paths one agent holds in a project's repository until a deadline. The fencing token is the
 * project's count of reservations so far: a later reservation of the same paths always carries a
 * higher one, so work done under an ended reservation can be told from work under its successor.
 *
 * @param holder the holding agent's ID
 * @param holderName its name when the reservation was made, for messages
 * @param endedAt when the holder released it, or null while it was not released
 */
public record Reservation(
    String id,
    String project,
    String holder,
    String holderName,
    @JsonProperty("paths") List<PathGlob> globs,
    ReservationMode mode,
    String reason,
    long fencingToken,
    Instant createdAt,
    Instant expiresAt,
    Instant endedAt) {

  public Reservation {
    Require.label(id, "id", 64);
    Require.label(project, "project", 128);
    Require.label(holder, "holder", 128);
    Require.label(holderName, "holderName", 128);
    globs = List.copyOf(Require.present(globs, "globs"));
    Require.present(mode, "mode");
    Require.atLeast(fencingToken, 1, "fencingToken");
    Require.present(createdAt, "createdAt");
    Require.present(expiresAt, "expiresAt");
  }

  /** Neither released nor past its deadline. */
  public boolean liveAt(Instant now) {
    return endedAt == null && now.isBefore(expiresAt);
  }

  /** When it stopped holding: its release, else its deadline. */
  @JsonIgnore
  public Instant end() {
    return endedAt != null && endedAt.isBefore(expiresAt) ? endedAt : expiresAt;
  }

  /** The first glob of this reservation that {@code path} falls under, if any. */
  public java.util.Optional<PathGlob> covering(String path) {
    return globs.stream().filter(g -> g.matches(path)).findFirst();
  }

  /** Who holds it, for messages: name, ID and deadline. */
  @JsonIgnore
  public String describeHolder() {
    return holderName + " (" + holder + ") until " + expiresAt;
  }
}
