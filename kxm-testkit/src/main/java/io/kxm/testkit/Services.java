package io.kxm.testkit;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * The real PostgreSQL and Redis that development and CI machines run on loopback. A test that needs
 * one calls {@link #requirePostgres()} or {@link #requireRedis()}: it is skipped with a visible
 * notice when the service is down, unless {@code KXM_REQUIRE_SERVICES=1}, when it fails.
 */
public final class Services {
  public static final String PG_HOST = env("KXM_TEST_PG_HOST", "127.0.0.1");
  public static final int PG_PORT = Integer.parseInt(env("KXM_TEST_PG_PORT", "5432"));
  public static final String PG_DATABASE = env("KXM_TEST_PG_DATABASE", "test");
  public static final String PG_USER = env("KXM_TEST_PG_USER", "postgres");
  public static final String REDIS_HOST = env("KXM_TEST_REDIS_HOST", "127.0.0.1");
  public static final int REDIS_PORT = Integer.parseInt(env("KXM_TEST_REDIS_PORT", "6379"));

  private Services() {}

  public static boolean required() {
    return "1".equals(System.getenv("KXM_REQUIRE_SERVICES"));
  }

  public static void requirePostgres() {
    require("PostgreSQL", PG_HOST, PG_PORT);
  }

  public static void requireRedis() {
    require("Redis", REDIS_HOST, REDIS_PORT);
  }

  /** JDBC URL of the test database, without a schema. */
  public static String postgresJdbcUrl() {
    return "jdbc:postgresql://" + PG_HOST + ":" + PG_PORT + "/" + PG_DATABASE + "?user=" + PG_USER;
  }

  public static String redisUrl() {
    return "redis://" + REDIS_HOST + ":" + REDIS_PORT;
  }

  private static void require(String name, String host, int port) {
    boolean up = reachable(host, port);
    if (up) {
      return;
    }
    String notice =
        name + " is not answering on " + host + ":" + port + "; tests that need it were skipped";
    if (required()) {
      fail(notice.replace("were skipped", "cannot run") + " (KXM_REQUIRE_SERVICES=1)");
    }
    System.err.println("NOTICE: " + notice);
    assumeTrue(false, notice);
  }

  public static boolean reachable(String host, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static String env(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }
}
