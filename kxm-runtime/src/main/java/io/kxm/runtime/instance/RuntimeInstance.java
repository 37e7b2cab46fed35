package io.kxm.runtime.instance;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One runtime instance of a shared database, as its lease row says.
 *
 * @param url where its HTTP API listens, for clients sent on to it
 * @param state {@code live} while it runs, {@code left} after a clean stop, {@code reconciled} once
 *     a survivor ended what it ran after its lease lapsed
 * @param reconciledBy the instance that did that, when it did
 */
public record RuntimeInstance(
    String id,
    String url,
    String host,
    long pid,
    Instant startedAt,
    Instant leaseUntil,
    String state,
    Optional<String> reconciledBy) {
  public static final String LIVE = "live";
  public static final String LEFT = "left";
  public static final String RECONCILED = "reconciled";

  public RuntimeInstance {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(leaseUntil, "leaseUntil");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(reconciledBy, "reconciledBy");
  }

  /** Whether its lease still holds at {@code now}. */
  public boolean holdsAt(Instant now) {
    return LIVE.equals(state) && now.isBefore(leaseUntil);
  }
}
