package io.kxm.bench.proc;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The test PostgreSQL the PostgreSQL baselines and scenarios share ({@code KXM_TEST_PG_HOST},
 * {@code _PORT}, {@code _DATABASE}, {@code _USER}; 127.0.0.1:5432, {@code test}, {@code postgres}),
 * and the private schemas a run makes there and drops afterwards.
 */
public record TestPostgres(String host, int port, String database, String user) {

  public static TestPostgres fromEnvironment() {
    return new TestPostgres(
        env("KXM_TEST_PG_HOST", "127.0.0.1"),
        Integer.parseInt(env("KXM_TEST_PG_PORT", "5432")),
        env("KXM_TEST_PG_DATABASE", "test"),
        env("KXM_TEST_PG_USER", "postgres"));
  }

  /** Skips the measure, saying what to start, when nothing answers on the port. */
  public TestPostgres requireUp() throws Measure.Skip {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 1000);
      return this;
    } catch (IOException e) {
      throw new Measure.Skip(
          "PostgreSQL is not answering on " + host + ":" + port + "; start it first");
    }
  }

  /** For JDBC: {@code jdbc:postgresql://host:port/db?user=…}. */
  public String jdbcUrl() {
    return "jdbc:postgresql://" + host + ":" + port + "/" + database + "?user=" + user;
  }

  /** As the product takes it: {@code postgresql://user@host:port/db}. */
  public String url() {
    return "postgresql://" + user + "@" + host + ":" + port + "/" + database;
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl());
  }

  /**
   * A schema name of this run's own, {@code kxmb_<label>_<pid>_<n>}, short enough that the
   * product's store suffixes ({@code _knowledge}, {@code _backup_v1}) still fit its 32 characters.
   */
  public static String privateName(String label) {
    return "kxmb_"
        + label
        + "_"
        + ProcessHandle.current().pid() % 100_000
        + "_"
        + ThreadLocalRandom.current().nextInt(1 << 16);
  }

  /**
   * Drops every schema whose name starts with {@code prefix}; says so and goes on when it cannot.
   */
  public void dropSchemasStartingWith(String prefix) {
    try (Connection c = connect()) {
      List<String> names = new ArrayList<>();
      try (PreparedStatement q =
          c.prepareStatement(
              "SELECT nspname FROM pg_namespace WHERE nspname = ? OR nspname LIKE ?")) {
        q.setString(1, prefix);
        q.setString(2, prefix.replace("_", "\\_") + "\\_%");
        try (ResultSet rs = q.executeQuery()) {
          while (rs.next()) {
            names.add(rs.getString(1));
          }
        }
      }
      try (Statement s = c.createStatement()) {
        for (String name : names) {
          s.execute("DROP SCHEMA IF EXISTS \"" + name + "\" CASCADE");
        }
      }
      Log.info("dropped schemas " + names);
    } catch (SQLException e) {
      Log.warn("could not drop the schemas " + prefix + "*: " + e.getMessage());
    }
  }

  private static String env(String name, String fallback) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? fallback : v;
  }
}
