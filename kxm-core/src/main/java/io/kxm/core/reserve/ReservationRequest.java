package io.kxm.core.reserve;

import io.kxm.core.check.Require;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * What an agent asks to reserve: path globs relative to the repository's root, how they are shared,
 * for how long and why.
 */
public record ReservationRequest(
    List<PathGlob> globs, ReservationMode mode, Duration ttl, String reason) {

  public ReservationRequest {
    Require.present(globs, "paths");
    if (globs.isEmpty()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "paths must name at least one path or glob, such as src/**");
    }
    requireFew(globs.size());
    globs = List.copyOf(new LinkedHashSet<>(globs));
    mode = mode == null ? ReservationMode.EXCLUSIVE : mode;
    ttl =
        Require.between(
            ttl == null ? ReservationLimits.DEFAULT_TTL : ttl,
            ReservationLimits.MIN_TTL,
            ReservationLimits.MAX_TTL,
            "ttlMs");
    reason = Require.optionalText(reason, "reason", ReservationLimits.REASON_MAX);
  }

  /** Parses each glob; the first that is not valid refuses the whole request. */
  public static ReservationRequest of(List<String> paths, String mode, Long ttlMs, String reason) {
    if (paths == null) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "paths is required, such as [\"src/**\"]");
    }
    requireFew(paths.size()); // before parsing what could be a very long list
    return new ReservationRequest(
        paths.stream().map(PathGlob::of).toList(),
        ReservationMode.fromWire(mode),
        ttlMs == null ? null : Duration.ofMillis(ttlMs),
        reason);
  }

  private static void requireFew(int globs) {
    if (globs > ReservationLimits.GLOBS_MAX) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "paths holds "
              + globs
              + " globs; at most "
              + ReservationLimits.GLOBS_MAX
              + " fit one reservation (reserve a directory with dir/** instead)");
    }
  }
}
