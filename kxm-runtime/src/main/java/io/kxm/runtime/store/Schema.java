package io.kxm.runtime.store;

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
 * A runtime SQLite store's schema, versioned in SQLite's {@code user_version}. A store written by a
 * newer build is refused rather than read with rules that may no longer hold; an empty file gets
 * the schema script.
 *
 * @param label how messages name the store, such as "runtime store"
 * @param owner the class next to which {@code resource} is packaged
 * @param resource the SQL script, statements separated by {@code ;} at a line end
 */
public record Schema(String label, int version, Class<?> owner, String resource) {
  /** The project event store's schema. */
  static final Schema EVENTS = new Schema("runtime store", 1, Schema.class, "schema-v1.sql");

  static void ensure(Connection c, String store) throws SQLException {
    EVENTS.ensureOn(c, store);
  }

  /** Creates the schema in an empty store, or checks the version of an existing one. */
  public void ensureOn(Connection c, String store) throws SQLException {
    int found = pragmaInt(c, "PRAGMA user_version");
    if (found > version) {
      throw new KxmException(
          ErrorCode.RUNTIME_SCHEMA_NEWER,
          "the "
              + label
              + " "
              + store
              + " has schema version "
              + found
              + "; this build reads up to "
              + version);
    }
    if (found == version) {
      return;
    }
    if (pragmaInt(c, "SELECT count(*) FROM sqlite_schema WHERE type = 'table'") > 0) {
      throw new KxmException(
          ErrorCode.RUNTIME_SCHEMA_SHAPE_INVALID,
          "the " + label + " " + store + " has tables but no schema version");
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
      s.execute("PRAGMA user_version = " + version);
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

  private String script() {
    try (InputStream in = owner.getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException | NullPointerException e) {
      throw new IllegalStateException("the " + label + " schema is missing from the jar", e);
    }
  }
}
