package io.kxm.runtime.trust;

import java.util.Objects;

/**
 * One classified change of {@code .kxm/}.
 *
 * @param file the file, relative to the project root, for example {@code .kxm/routes.yaml}
 * @param path where in the file, for example {@code $.gates.tests.argv}; {@code $} for the whole
 *     file
 * @param change a stable code for the kind of change, for example {@code route-admitted}
 * @param reason why it has this effect, in words
 * @param before the old value as compact JSON, null when there was none
 * @param after the new value as compact JSON, null when there is none
 */
public record TrustChange(
    String file,
    String path,
    TrustEffect effect,
    String change,
    String reason,
    String before,
    String after) {
  public TrustChange {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(effect, "effect");
    Objects.requireNonNull(change, "change");
    Objects.requireNonNull(reason, "reason");
  }
}
