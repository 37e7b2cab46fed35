package io.kxm.runtime.session.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The session store's schema, versioned in SQLite's {@code user_version}. A file written by a newer
 * build is refused rather than read with rules that may no longer hold.
 */
final class SessionSchema {
  static final int VERSION = 1;

  private SessionSchema() {}

  static void ensure(Connection c, String store) throws SQLException {
    int version = pragmaInt(c, "PRAGMA user_version");
    if (version > VERSION) {
      throw new KxmException(
          ErrorCode.RUNTIME_SCHEMA_NEWER,
          "the session store "
              + store
              + " has schema version "
              + version
              + "; this build reads up to "
              + VERSION);
    }
    if (version == VERSION) {
      return;
    }
    if (pragmaInt(c, "SELECT count(*) FROM sqlite_schema WHERE type = 'table'") > 0) {
      throw new KxmException(
          ErrorCode.RUNTIME_SCHEMA_SHAPE_INVALID,
          "the session store " + store + " has tables but no schema version");
    }
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      for (String ddl : script().split(";\\s*\\n")) {
        String sql =
            ddl.lines().filter(l -> !l.startsWith("--")).reduce("", (a, b) -> a + "\n" + b);
        if (!sql.isBlank()) {
          s.execute(sql);
        }
      }
      s.execute("PRAGMA user_version = " + VERSION);
      c.commit();
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
  }

  private static int pragmaInt(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getInt(1) : 0;
    }
  }

  private static String script() {
    try (InputStream in = SessionSchema.class.getResourceAsStream("sessions-v1.sql")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException | NullPointerException e) {
      throw new IllegalStateException("the session store schema is missing from the jar", e);
    }
  }
}
