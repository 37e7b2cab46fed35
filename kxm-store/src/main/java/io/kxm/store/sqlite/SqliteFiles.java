package io.kxm.store.sqlite;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;

/**
 * Checks on the database file before SQLite touches it: a usable folder, no symbolic link for the
 * file or its sidecars (a link could point the store, and the secrets in it, anywhere), and a
 * SQLite header on an existing file, so garbage is reported as such instead of as a stack trace.
 */
final class SqliteFiles {
  private static final byte[] HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

  private SqliteFiles() {}

  /**
   * Runs every check and creates an empty, owner-only database file when none exists.
   *
   * @param moreSuffixes other files next to the database that must not be links either
   */
  static void prepare(Path db, String... moreSuffixes) {
    requireFolder(db);
    refuseSymlinks(db, moreSuffixes);
    if (Files.isDirectory(db, LinkOption.NOFOLLOW_LINKS)) {
      throw new KxmException(
          ErrorCode.STORE_PATH_UNUSABLE, "the store path " + db + " is a folder, not a file");
    }
    if (Files.exists(db, LinkOption.NOFOLLOW_LINKS)) {
      requireHeader(db);
    } else {
      createOwnerOnly(db);
    }
  }

  /** The checks for a file that is only read: it exists, is no link and starts like SQLite. */
  static void requireReadable(Path db) {
    refuseSymlinks(db);
    if (!Files.isRegularFile(db, LinkOption.NOFOLLOW_LINKS)) {
      throw unusable(db, "it is not a regular file");
    }
    requireHeader(db);
  }

  static void refuseSymlinks(Path db, String... moreSuffixes) {
    String[] own = {"", "-wal", "-shm"};
    String[] suffixes = Arrays.copyOf(own, own.length + moreSuffixes.length);
    System.arraycopy(moreSuffixes, 0, suffixes, own.length, moreSuffixes.length);
    for (String suffix : suffixes) {
      Path file = db.resolveSibling(db.getFileName() + suffix);
      if (Files.isSymbolicLink(file)) {
        throw new KxmException(
            ErrorCode.STORE_SYMLINK_REFUSED,
            "the store file " + file + " is a symbolic link; KXM opens only regular files");
      }
    }
  }

  private static void requireFolder(Path db) {
    Path folder = db.toAbsolutePath().getParent();
    try {
      SecureFiles.createPrivateDirectories(folder);
    } catch (FileAlreadyExistsException e) {
      throw unusable(db, folder + " exists and is not a folder");
    } catch (IOException e) {
      throw unusable(db, "cannot create " + folder + " (" + e.getMessage() + ")");
    }
    if (!Files.isWritable(folder)) {
      throw unusable(db, "the folder " + folder + " is not writable");
    }
  }

  private static void requireHeader(Path db) {
    byte[] start;
    try (InputStream in = Files.newInputStream(db, LinkOption.NOFOLLOW_LINKS)) {
      start = in.readNBytes(HEADER.length);
    } catch (IOException e) {
      throw unusable(db, "cannot read it (" + e.getMessage() + ")");
    }
    // An empty file is a valid empty database; SQLite writes the header on first use.
    if (start.length > 0 && !Arrays.equals(start, HEADER)) {
      throw new KxmException(
          ErrorCode.STORE_CORRUPT, "the store file " + db + " is not a SQLite database");
    }
  }

  private static void createOwnerOnly(Path db) {
    try {
      if (db.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        Files.createFile(
            db, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      } else {
        Files.createFile(db);
      }
    } catch (FileAlreadyExistsException e) {
      requireHeader(db); // another process created it between the check and now
    } catch (IOException e) {
      throw unusable(db, "cannot create it (" + e.getMessage() + ")");
    }
  }

  private static KxmException unusable(Path db, String why) {
    return new KxmException(
        ErrorCode.STORE_PATH_UNUSABLE, "cannot use the store " + db + ": " + why);
  }
}
