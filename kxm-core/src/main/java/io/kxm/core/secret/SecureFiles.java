package io.kxm.core.secret;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.AtomicFiles;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes files that hold secrets: owner-only (0600), through a temporary file in the same folder
 * and an atomic rename, so a reader never sees a half-written file or a moment of wider access.
 */
public final class SecureFiles {
  private SecureFiles() {}

  public static void writeOwnerOnly(Path target, byte[] content) {
    Path dir = target.toAbsolutePath().getParent();
    try {
      createPrivateDirectories(dir);
      if (Files.isSymbolicLink(target)) {
        throw new KxmException(
            ErrorCode.STATE_DIR_UNUSABLE,
            "refusing to write a secret through the symbolic link " + target,
            "Remove the link and let KXM create a regular file.");
      }
      AtomicFiles.replace(target, content, SecureFiles::setOwnerOnly);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot write " + target + ": " + e.getMessage(), e);
    }
  }

  /**
   * Creates {@code file} empty and owner-only (0600) unless it exists already, for files that
   * another writer (a log appender) then fills; an existing file is left as it is.
   */
  public static void createOwnerOnly(Path file) throws IOException {
    try {
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (FileAlreadyExistsException e) {
      // Appending to what an earlier run wrote.
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system; the writer creates the file with the platform's access.
    }
  }

  /** Creates {@code dir} and missing parents; folders KXM creates for state are 0700. */
  public static void createPrivateDirectories(Path dir) throws IOException {
    if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) || Files.isDirectory(dir)) {
      return;
    }
    Files.createDirectories(dir);
    try {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system (Windows); the folder keeps the platform's default access.
    }
  }

  private static void setOwnerOnly(Path file) throws IOException {
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system; see createPrivateDirectories.
    }
  }
}
