package io.kxm.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** File helpers the suite needs for its temporary folders. */
public final class Fs {
  private Fs() {}

  /** Deletes a folder tree; a leftover in the system temp folder is not worth failing a run. */
  public static void deleteQuietly(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths
          .sorted(Comparator.reverseOrder())
          .forEach(p -> {
            try {
              Files.deleteIfExists(p);
            } catch (IOException e) {
              Log.warn("could not delete " + p + ": " + e.getMessage());
            }
          });
    } catch (IOException e) {
      Log.warn("could not delete " + root + ": " + e.getMessage());
    }
  }
}
