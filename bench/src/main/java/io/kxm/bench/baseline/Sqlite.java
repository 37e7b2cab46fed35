package io.kxm.bench.baseline;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** A SQLite connection with the settings the product's embedded store uses. */
final class Sqlite {
  static final String SETTINGS = "WAL, synchronous=NORMAL, busy timeout 5 s";

  private Sqlite() {}

  static Connection open(Path file) throws SQLException {
    Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
    try (Statement s = c.createStatement()) {
      s.execute("PRAGMA journal_mode=WAL");
      s.execute("PRAGMA synchronous=NORMAL");
      s.execute("PRAGMA busy_timeout=5000");
      s.execute("PRAGMA foreign_keys=ON");
    }
    return c;
  }

  static void exec(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
