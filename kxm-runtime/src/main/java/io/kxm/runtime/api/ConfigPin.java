package io.kxm.runtime.api;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which {@code .kxm/} a run runs: the tree committed at {@code commit}, read from Git on every
 * drive whatever the working tree holds; or, for a run created with {@code allowDirty} from a
 * working tree that differed, the working tree itself.
 *
 * @param commit the commit {@code HEAD} named when the run was created; null outside Git or before
 *     the first commit
 * @param dirty the run reads the working tree, which differed from {@code commit}
 * @param uncommitted the files under {@code .kxm/} that differed from {@code commit}, sorted; empty
 *     when not dirty
 * @param digests for a dirty run, the SHA-256 of each file its instructions come from (all but
 *     memory), so a later drive can name the file that changed; empty when not dirty
 */
public record ConfigPin(
    String commit, boolean dirty, List<String> uncommitted, Map<String, String> digests) {
  public ConfigPin {
    uncommitted = uncommitted == null ? List.of() : List.copyOf(uncommitted);
    digests = digests == null ? Map.of() : new TreeMap<>(digests);
  }

  /** A run of the tree committed at {@code commit}. */
  public static ConfigPin committed(String commit) {
    return new ConfigPin(commit, false, List.of(), Map.of());
  }
}
