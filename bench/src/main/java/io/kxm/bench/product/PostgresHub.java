package io.kxm.bench.product;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import io.kxm.bench.Run;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The hub on the test PostgreSQL (the same server and settings as the {@code postgres-commits}
 * baseline), its tables in a schema of its own that is dropped when the hub stops, so a run leaves
 * nothing behind in the database.
 */
final class PostgresHub implements HubEndpoint {
  private final HubProcess hub;
  private final String jdbcUrl;
  private final String schema;

  private PostgresHub(HubProcess hub, String jdbcUrl, String schema) {
    this.hub = hub;
    this.jdbcUrl = jdbcUrl;
    this.schema = schema;
  }

  static PostgresHub start(Run run) throws Exception {
    String host = env("KXM_TEST_PG_HOST", "127.0.0.1");
    int port = Integer.parseInt(env("KXM_TEST_PG_PORT", "5432"));
    String database = env("KXM_TEST_PG_DATABASE", "test");
    String user = env("KXM_TEST_PG_USER", "postgres");
    if (!answers(host, port)) {
      throw new Measure.Skip(
          "PostgreSQL is not answering on " + host + ":" + port + "; start it first");
    }
    // At most 32 characters, as the hub accepts for a schema name.
    String schema =
        "kxm_bench_hub_"
            + ProcessHandle.current().pid()
            + "_"
            + ThreadLocalRandom.current().nextInt(1 << 20);
    String jdbcUrl = "jdbc:postgresql://" + host + ":" + port + "/" + database + "?user=" + user;
    HubProcess hub;
    try {
      hub =
          HubProcess.postgres(
              run, "postgresql://" + user + "@" + host + ":" + port + "/" + database, schema);
    } catch (Exception e) {
      // The hub may have created the schema before it failed to come up.
      drop(jdbcUrl, schema);
      throw e;
    }
    return new PostgresHub(hub, jdbcUrl, schema);
  }

  @Override
  public URI base() {
    return hub.base();
  }

  @Override
  public String project() {
    return hub.project();
  }

  @Override
  public String projectToken() {
    return hub.projectToken();
  }

  /** Stops the hub first, so that no connection of its holds the schema, then drops it. */
  @Override
  public void close() {
    hub.close();
    drop(jdbcUrl, schema);
  }

  private static void drop(String jdbcUrl, String schema) {
    try (Connection c = DriverManager.getConnection(jdbcUrl);
        Statement s = c.createStatement()) {
      s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
      Log.info("dropped schema " + schema);
    } catch (Exception e) {
      Log.warn("could not drop schema " + schema + ": " + e.getMessage());
    }
  }

  @Override
  public String toString() {
    return hub + " on PostgreSQL schema " + schema;
  }

  private static boolean answers(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static String env(String name, String fallback) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? fallback : v;
  }
}
