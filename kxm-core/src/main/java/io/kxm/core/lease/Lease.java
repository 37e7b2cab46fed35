package io.kxm.core.lease;

import io.kxm.core.check.Require;
import java.time.Instant;

/**
 * A fenced, project-scoped lease on a named resource. The fencing token grows by one each time a
 * different holder takes the resource over, so a shared system can refuse a write carrying an older
 * token from a holder whose lease ran out.
 *
 * @param acquiredAt when the current holder took the lease
 * @param expiresAt the deadline; a lease is valid strictly before it
 */
public record Lease(
    String project,
    String resource,
    String holder,
    long fencingToken,
    Instant acquiredAt,
    Instant renewedAt,
    Instant expiresAt) {

  public Lease {
    Require.label(project, "project", 128);
    Require.label(resource, "resource", LeaseLimits.RESOURCE_CHARS);
    Require.label(holder, "holder", LeaseLimits.HOLDER_CHARS);
    Require.atLeast(fencingToken, 1, "fencingToken");
    Require.notBefore(renewedAt, acquiredAt, "renewedAt", "acquiredAt");
    Require.present(expiresAt, "expiresAt");
  }

  public boolean validAt(Instant now) {
    return now.isBefore(expiresAt);
  }

  public boolean heldBy(String candidate, Instant now) {
    return holder.equals(candidate) && validAt(now);
  }
}
