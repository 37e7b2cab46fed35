package io.kxm.runtime.config;

import java.util.Comparator;
import java.util.List;

/**
 * The outcome of checking a {@code .kxm/} tree: every problem found, sorted by file and line. A
 * tree with problems is an expected outcome, so it is a value rather than an exception.
 *
 * @param files how many files were read
 * @param errors every problem, empty when the tree is valid
 */
public record ConfigReport(int files, List<ConfigError> errors) {
  public static final String LEGACY_RULE = "legacy-json-config";

  public ConfigReport {
    errors =
        errors.stream()
            .sorted(
                Comparator.comparing(ConfigError::file)
                    .thenComparingInt(ConfigError::line)
                    .thenComparing(ConfigError::path))
            .toList();
  }

  public boolean valid() {
    return errors.isEmpty();
  }

  /** Whether the tree still holds the retired {@code .kxm/config/*.json} files. */
  public boolean hasLegacyJson() {
    return errors.stream().anyMatch(e -> LEGACY_RULE.equals(e.rule()));
  }
}
