package io.kxm.testkit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A private schema in the test PostgreSQL for one test class, so classes can run side by side
 * without seeing each other's rows. Call {@link #create} in {@code @BeforeAll} (it skips or fails
 * the class like {@link Services#requirePostgres()} when PostgreSQL is down) and {@link #close} in
 * {@code @AfterAll}, which drops the schema and every schema named after it, such as backups.
 */
public final class PostgresSchema implements AutoCloseable {
  private final String name;

  private PostgresSchema(String name) {
    this.name = name;
  }

  /** A fresh, not yet existing schema name such as {@code kxm_t_leases_3f9a12c0}. */
  public static PostgresSchema create(String label) {
    Services.requirePostgres();
    String clean = label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
    clean = clean.substring(0, Math.min(clean.length(), 16));
    byte[] random = new byte[4];
    ThreadLocalRandom.current().nextBytes(random);
    return new PostgresSchema("kxm_t_" + clean + "_" + HexFormat.of().formatHex(random));
  }

  public String name() {
    return name;
  }

  /** The test database's JDBC URL; the schema is selected separately. */
  public String jdbcUrl() {
    return Services.postgresJdbcUrl();
  }

  /** A connection to the test database, for assertions on the raw tables. */
  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl());
  }

  /** Names of existing schemas that start with this one's name, this one included. */
  public List<String> schemasStartingWithName() throws SQLException {
    return schemasLike(name.replace("_", "\\_") + "%");
  }

  @Override
  public void close() throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      for (String schema : schemasStartingWithName()) {
        statement.execute("DROP SCHEMA IF EXISTS \"" + schema + "\" CASCADE");
      }
    }
  }

  private List<String> schemasLike(String pattern) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Connection connection = connect();
        var statement =
            connection.prepareStatement(
                "SELECT nspname FROM pg_namespace WHERE nspname LIKE ? ORDER BY nspname")) {
      statement.setString(1, pattern);
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          names.add(rs.getString(1));
        }
      }
    }
    return names;
  }
}
