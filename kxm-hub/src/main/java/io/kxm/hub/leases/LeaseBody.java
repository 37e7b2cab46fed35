package io.kxm.hub.leases;

import io.kxm.core.lease.LeaseLimits;
import io.kxm.core.peer.Limits;
import java.time.Duration;

/**
 * The body of the lease routes; each route reads the fields it needs.
 *
 * @param ttlMs how long to hold the lease, 1,000 to 86,400,000 ms; 30,000 when absent
 * @param fencingToken the token to check, for {@code fence}
 */
public record LeaseBody(Long ttlMs, Long fencingToken) {
  public static final long DEFAULT_TTL_MS = 30_000;

  public LeaseBody {
    Limits.range("ttlMs", ttlMs, LeaseLimits.MIN_TTL.toMillis(), LeaseLimits.MAX_TTL.toMillis());
    Limits.range("fencingToken", fencingToken, 1, Long.MAX_VALUE);
  }

  Duration ttl() {
    return Duration.ofMillis(ttlMs == null ? DEFAULT_TTL_MS : ttlMs);
  }
}
