package io.kxm.store.sqlite;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.Dialect;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.SqlErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Copies a store before a migration, next to it as {@code kxm.db.v<version>.bak}. {@code VACUUM
 * INTO} writes a consistent, compact copy that includes what is still in the write-ahead log.
 */
final class SqliteBackup {
  private SqliteBackup() {}

  static String copy(Path db, String version, String store) {
    Path target = freeName(db, version);
    try (Connection connection = SqliteConnections.writer(db, store)) {
      new Jdbc(connection, Dialect.SQLITE, store)
          .about("back up to " + target)
          .update("VACUUM INTO ?", target.toString());
    } catch (SQLException e) {
      throw SqlErrors.translate(e, store, "close the backup connection");
    }
    ownerOnly(target);
    return target.toString();
  }

  /** Never overwrites: an earlier backup of the same version may be the only good copy. */
  private static Path freeName(Path db, String version) {
    String base = db.getFileName() + ".v" + version;
    Path target = db.resolveSibling(base + ".bak");
    for (int n = 2; Files.exists(target, LinkOption.NOFOLLOW_LINKS); n++) {
      target = db.resolveSibling(base + "." + n + ".bak");
    }
    return target;
  }

  static void ownerOnly(Path file) {
    if (!file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return;
    }
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STORE_PATH_UNUSABLE,
          "cannot make the backup " + file + " private (" + e.getMessage() + ")");
    }
  }
}
