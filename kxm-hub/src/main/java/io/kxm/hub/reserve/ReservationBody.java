package io.kxm.hub.reserve;

import io.kxm.core.reserve.ReservationRequest;
import java.util.List;

/**
 * The body of a reserve: path globs relative to the repository's root, {@code exclusive} (the
 * default) or {@code shared}, how long in milliseconds (30 minutes when absent) and why.
 */
public record ReservationBody(List<String> paths, String mode, Long ttlMs, String reason) {

  ReservationRequest request() {
    return ReservationRequest.of(paths, mode, ttlMs, reason);
  }
}
