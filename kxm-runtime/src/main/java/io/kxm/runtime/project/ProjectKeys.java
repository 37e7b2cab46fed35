package io.kxm.runtime.project;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.secret.Tokens;
import java.io.IOException;
import java.nio.file.Path;

/** Where a project's runtime files live under the user state root. */
public final class ProjectKeys {
  private ProjectKeys() {}

  /** The canonical project root: absolute, links resolved, so one tree has one key. */
  public static Path canonical(Path projectRoot) {
    try {
      return projectRoot.toRealPath();
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "the project root " + projectRoot + " cannot be read: " + e);
    }
  }

  /** The first 24 hex characters of the SHA-256 of the canonical root path. */
  public static String key(Path canonicalRoot) {
    return Tokens.sha256Hex(canonicalRoot.toString()).substring(0, 24);
  }

  /** {@code runtime/projects/<key>/run-events.db}. */
  public static Path eventStore(StatePaths state, String key) {
    return state
        .root()
        .resolve("runtime")
        .resolve("projects")
        .resolve(key)
        .resolve("run-events.db");
  }

  /** {@code runtime/receipt-key}: the private half; the public one is {@code .pub} beside it. */
  public static Path receiptKey(StatePaths state) {
    return state.root().resolve("runtime").resolve("receipt-key");
  }
}
