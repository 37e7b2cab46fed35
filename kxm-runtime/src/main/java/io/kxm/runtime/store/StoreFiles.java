package io.kxm.runtime.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;

/**
 * Checks on an event store file before SQLite opens it. A link could point the store (and the
 * prompts and evidence in it) anywhere, so the file and its sidecars must be regular files.
 */
public final class StoreFiles {
  private static final byte[] HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

  private StoreFiles() {}

  public static void prepare(Path db) {
    try {
      SecureFiles.createPrivateDirectories(db.getParent());
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STORE_PATH_UNUSABLE, "cannot create " + db.getParent() + ": " + e.getMessage());
    }
    for (String suffix : new String[] {"", "-wal", "-shm", ".run-prompts.json"}) {
      Path file = db.resolveSibling(db.getFileName() + suffix);
      if (Files.isSymbolicLink(file)) {
        throw new KxmException(
            ErrorCode.STORE_SYMLINK_REFUSED,
            "the runtime store file "
                + file
                + " is a symbolic link; only regular files are opened");
      }
    }
    if (Files.exists(db, LinkOption.NOFOLLOW_LINKS)) {
      requireHeader(db);
      return;
    }
    try {
      Files.createFile(
          db, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      createPlain(db);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STORE_PATH_UNUSABLE, "cannot create " + db + ": " + e.getMessage());
    }
  }

  private static void createPlain(Path db) {
    try {
      Files.createFile(db);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STORE_PATH_UNUSABLE, "cannot create " + db + ": " + e.getMessage());
    }
  }

  private static void requireHeader(Path db) {
    byte[] start;
    try (InputStream in = Files.newInputStream(db, LinkOption.NOFOLLOW_LINKS)) {
      start = in.readNBytes(HEADER.length);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STORE_PATH_UNUSABLE, "cannot read " + db + ": " + e.getMessage());
    }
    if (start.length > 0 && !Arrays.equals(start, HEADER)) {
      throw new KxmException(
          ErrorCode.STORE_CORRUPT, "the runtime store " + db + " is not a SQLite database");
    }
  }
}
