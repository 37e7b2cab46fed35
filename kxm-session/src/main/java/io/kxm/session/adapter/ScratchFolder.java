package io.kxm.session.adapter;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A private temporary folder (0700) for one turn of an agent CLI: its home or configuration folder,
 * whose files may name credentials and are written 0600. It is removed when the turn's process
 * exits, or by {@link #close} when the process never started.
 */
public final class ScratchFolder implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ScratchFolder.class);

  private final Path path;

  private ScratchFolder(Path path) {
    this.path = path;
  }

  /**
   * @param prefix the start of the folder's name, such as {@code kxm-codex-}
   * @throws KxmException {@code harness_start_failed} when the folder cannot be made
   */
  public static ScratchFolder create(String prefix) {
    try {
      Path dir;
      try {
        dir =
            Files.createTempDirectory(
                prefix,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      } catch (UnsupportedOperationException e) {
        // not a POSIX file system: the platform's default access for the user's temp folder
        dir = Files.createTempDirectory(prefix);
      }
      return new ScratchFolder(dir);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.HARNESS_START_FAILED,
          "cannot make a temporary folder for the agent CLI's settings: " + e.getMessage());
    }
  }

  public Path path() {
    return path;
  }

  /** Writes {@code name} inside the folder, owner-only, and returns its path. */
  public Path write(String name, String content) {
    Path file = path.resolve(name);
    SecureFiles.writeOwnerOnly(file, content.getBytes(StandardCharsets.UTF_8));
    return file;
  }

  /** Removes the folder once {@code process} has exited. */
  public void removeAfter(Process process) {
    process.onExit().whenComplete((exited, error) -> close());
  }

  /** Removes the folder and everything in it; a failure is logged, never thrown. */
  @Override
  public void close() {
    if (!Files.exists(path)) {
      return;
    }
    try {
      Files.walkFileTree(
          path,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              Files.deleteIfExists(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
              Files.deleteIfExists(dir);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      LOG.warn("the temporary folder {} could not be removed: {}", path, e.getMessage());
    }
  }
}
