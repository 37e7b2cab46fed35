package io.kxm.runtime.trust;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.config.CommittedConfig;
import io.kxm.runtime.config.ConfigTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The structured permission diff of a project's {@code .kxm/} against a Git revision: the base
 * comes from Git, the other side from the working tree on disk (committed or not, since that is
 * what the runtime would read), and every file is classified, routes, roles and prices included.
 */
public final class TrustReview {
  public static final String DEFAULT_BASE = "HEAD";

  private TrustReview() {}

  /**
   * Diffs {@code projectRoot/.kxm} on disk against {@code base}.
   *
   * @throws KxmException {@code trust_not_a_git_repository} outside a Git work tree, {@code
   *     trust_revision_unknown} when {@code base} names no commit, {@code trust_git_failed} when
   *     git cannot run
   */
  public static TrustDiff diff(Path projectRoot, String base) {
    Path root = projectRoot.toAbsolutePath().normalize();
    if (!Files.isDirectory(root)) {
      throw new KxmException(ErrorCode.TRUST_NOT_A_GIT_REPOSITORY, root + " is not a folder");
    }
    CommittedConfig.requireWorkTree(root);
    String commit = CommittedConfig.resolve(root, base);
    ConfigTree before = CommittedConfig.read(root, commit);
    ConfigTree after = ConfigTree.fromDisk(root);
    return new TrustDiff(base, commit, TrustClassifier.diff(before, after));
  }

  /**
   * The classified changes from {@code before} to {@code after}, two trees of {@code .kxm/} (the
   * checks {@link #diff} applies, for an edit not yet on disk).
   */
  public static List<TrustChange> between(ConfigTree before, ConfigTree after) {
    return TrustClassifier.diff(before, after);
  }
}
