package io.kxm.hub.agents;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.auth.ProjectNames;
import java.time.Duration;

/**
 * The body of {@code POST /v1/agents/prune}.
 *
 * @param offlineForMs retire agents whose presence ended longer ago than this; 1 s to 3,650 days
 * @param project only this project's agents, or null for every project
 * @param dryRun list what would be retired and change nothing
 */
public record PruneRequest(Long offlineForMs, String project, Boolean dryRun) {
  public static final Duration MAX = Duration.ofDays(3_650);

  public PruneRequest {
    if (offlineForMs == null) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "offlineForMs is required: how long an agent must have been offline to be retired");
    }
    if (offlineForMs < 1_000 || offlineForMs > MAX.toMillis()) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          "offlineForMs must be from 1000 to " + MAX.toMillis() + ", got " + offlineForMs);
    }
    if (project != null) {
      ProjectNames.require(project);
    }
    dryRun = dryRun != null && dryRun;
  }

  public Duration offlineFor() {
    return Duration.ofMillis(offlineForMs);
  }
}
