package io.kxm.cli.setup;

import java.nio.file.Path;

/**
 * One file a setup writes: its text before (null when it does not exist) and after.
 *
 * @param secret the new text holds a token: written owner-only, shown masked
 */
record FileChange(Path path, String before, String after, boolean secret) {
  boolean exists() {
    return before != null;
  }

  boolean changed() {
    return before == null || !before.equals(after);
  }

  /** {@code created}, {@code updated} or {@code unchanged}. */
  String state() {
    if (!changed()) {
      return "unchanged";
    }
    return exists() ? "updated" : "created";
  }
}
