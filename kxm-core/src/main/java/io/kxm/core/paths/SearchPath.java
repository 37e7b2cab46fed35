package io.kxm.core.paths;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finding a program on a {@code PATH}, the way a shell does, for the commands the product starts.
 */
public final class SearchPath {
  private SearchPath() {}

  /**
   * The first {@code program} in the folders of {@code searchPath} (separated as the system
   * separates them) that is a regular, executable file; blank entries and entries this system
   * cannot name are passed over. The result is the folder entry joined with {@code program}, as
   * written.
   */
  public static Optional<Path> find(String searchPath, String program) {
    if (searchPath == null) {
      return Optional.empty();
    }
    for (String folder : searchPath.split(File.pathSeparator)) {
      if (folder.isBlank()) {
        continue;
      }
      try {
        Path candidate = Path.of(folder).resolve(program);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      } catch (InvalidPathException e) {
        // a PATH entry this system cannot name holds nothing to run
      }
    }
    return Optional.empty();
  }
}
