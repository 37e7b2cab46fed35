package io.kxm.knowledge.evolve;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The ARC-format tasks shipped with the tests: two mirror tasks and one transpose task. */
final class ArcTasks {
  private ArcTasks() {}

  static Path folder() {
    try {
      return Path.of(ArcTasks.class.getResource("arc").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
