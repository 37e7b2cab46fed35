package io.kxm.supervisor;

import io.kxm.runtime.project.ProjectKeys;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A project the supervisor hosts.
 *
 * @param projectKey the first 24 hex characters of the SHA-256 of the canonical root; names the
 *     project's store folder
 * @param homeRuntime the runtime id of the supervisor that registered it
 */
public record ProjectEntry(
    String projectId,
    Path canonicalRoot,
    String projectKey,
    String homeRuntime,
    Instant registeredAt) {

  public static String keyOf(Path canonicalRoot) {
    return ProjectKeys.key(canonicalRoot);
  }
}
