package io.kxm.store.postgres;

import io.kxm.store.PostgresLocation;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Asks a PostgreSQL server what it is, over one short-lived connection and without a pool or a
 * migration, so a health check can tell a server that is down from one that answers and never
 * changes the store while it looks.
 */
public final class PostgresProbe {
  private PostgresProbe() {}

  /**
   * The server's version string ({@code server_version}), for example {@code 16.4}.
   *
   * @param timeout how long connecting and logging in may take together
   * @throws SQLException when the server cannot be reached or refuses the login; the message names
   *     no password
   */
  public static String serverVersion(PostgresLocation location, Duration timeout)
      throws SQLException {
    PGSimpleDataSource source = new PGSimpleDataSource();
    source.setURL(location.jdbcUrl());
    if (location.user() != null) {
      source.setUser(location.user());
    }
    if (location.password() != null) {
      source.setPassword(location.password());
    }
    int seconds = (int) Math.max(1, timeout.toSeconds());
    source.setConnectTimeout(seconds);
    source.setLoginTimeout(seconds);
    source.setSocketTimeout(seconds);
    try (Connection connection = source.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SHOW server_version")) {
      return rows.next() ? rows.getString(1) : "unknown";
    }
  }
}
