package io.kxm.core.paths;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Replacing a file's content in one step: the content goes to a temporary file beside the target,
 * which is then moved over it, so a reader sees the old file or the new one, never half of one, and
 * a crash mid-write leaves the old file as it was.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** What to do to the temporary file before the content goes in, such as setting its mode. */
  @FunctionalInterface
  public interface Preparation {
    void prepare(Path temporary) throws IOException;
  }

  /** Replaces {@code target}'s content; its folder must exist. */
  public static void replace(Path target, byte[] content) throws IOException {
    replace(target, content, temporary -> {});
  }

  /** Replaces {@code target}'s content, preparing the temporary file first. */
  public static void replace(Path target, byte[] content, Preparation preparation)
      throws IOException {
    Path folder = target.toAbsolutePath().getParent();
    Path temporary = Files.createTempFile(folder, "." + target.getFileName() + ".", ".tmp");
    try {
      preparation.prepare(temporary);
      Files.write(temporary, content);
      try {
        Files.move(
            temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
