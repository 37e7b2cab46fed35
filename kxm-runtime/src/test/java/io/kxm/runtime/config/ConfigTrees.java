package io.kxm.runtime.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes files of a {@code .kxm/} tree for tests. */
final class ConfigTrees {
  private ConfigTrees() {}

  static Path starter(Path root) {
    StarterConfig.write(root, false);
    return root;
  }

  static void write(Path root, String relative, String text) {
    Path file = root.resolve(".kxm").resolve(relative);
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
