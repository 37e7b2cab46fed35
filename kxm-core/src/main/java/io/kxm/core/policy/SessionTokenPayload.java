package io.kxm.core.policy;

import java.time.Instant;
import java.util.Objects;

/**
 * What a signed session or attempt token says.
 *
 * @param policy the tools it allows
 * @param issuedAt when it was signed
 * @param expiresAt when it stops being valid; every tool is blocked from then on
 */
public record SessionTokenPayload(ToolPolicy policy, Instant issuedAt, Instant expiresAt) {
  public SessionTokenPayload {
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(issuedAt, "issuedAt");
    Objects.requireNonNull(expiresAt, "expiresAt");
    if (!expiresAt.isAfter(issuedAt)) {
      throw new IllegalArgumentException("expiresAt must be after issuedAt");
    }
  }
}
