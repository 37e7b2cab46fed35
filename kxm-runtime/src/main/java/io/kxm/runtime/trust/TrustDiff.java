package io.kxm.runtime.trust;

import java.util.Comparator;
import java.util.List;

/**
 * The permission diff of {@code .kxm/} between a Git revision and the working tree.
 *
 * @param base the revision as the caller named it, for example {@code HEAD}
 * @param baseCommit the full commit ID it resolved to
 * @param changes every change, widening first, then by file and path
 */
public record TrustDiff(String base, String baseCommit, List<TrustChange> changes) {
  public TrustDiff {
    changes =
        changes.stream()
            .sorted(
                Comparator.comparing(TrustChange::effect)
                    .thenComparing(TrustChange::file)
                    .thenComparing(TrustChange::path))
            .toList();
  }

  public boolean widens() {
    return count(TrustEffect.WIDENING) > 0;
  }

  public long count(TrustEffect effect) {
    return changes.stream().filter(c -> c.effect() == effect).count();
  }

  public List<TrustChange> widening() {
    return changes.stream().filter(c -> c.effect() == TrustEffect.WIDENING).toList();
  }
}
