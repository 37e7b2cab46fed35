package io.kxm.cli.doctor;

import io.kxm.core.secret.Redactor;
import io.kxm.fanout.FanoutSettings;
import io.kxm.fanout.RedisProbe;
import io.kxm.hub.HubConfig;
import io.kxm.store.Dialect;
import io.kxm.store.PostgresLocation;
import io.kxm.store.StoreConfig;
import io.kxm.store.postgres.PostgresProbe;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

/**
 * The outside services the hub is configured to use, asked for their versions: PostgreSQL when
 * {@code KXM_DATABASE_URL} is set, Redis when {@code KXM_REDIS_URL} is. A configured service that
 * does not answer is an error, since the hub refuses to start without it.
 */
final class ServiceCheck implements DoctorCheck {
  static final Duration TIMEOUT = Duration.ofSeconds(3);

  @Override
  public String name() {
    return "services";
  }

  @Override
  public List<Finding> run(DoctorScope scope) {
    return List.of(postgres(scope), redis(scope));
  }

  private Finding postgres(DoctorScope scope) {
    StoreConfig store = StoreConfig.fromEnvironment(scope.project().root(), scope.env());
    if (store.dialect() != Dialect.POSTGRES) {
      return Finding.ok(
          name(),
          "postgres_not_configured",
          "KXM_DATABASE_URL is not set: the hub keeps its store in SQLite at "
              + store.sqlitePath());
    }
    PostgresLocation where = store.postgres();
    try {
      String version = PostgresProbe.serverVersion(where, TIMEOUT);
      return Finding.ok(
          name(), "postgres_ok", "PostgreSQL " + version + " answers at " + where.redactedUrl());
    } catch (SQLException e) {
      return Finding.error(
          name(),
          "postgres_unreachable",
          "PostgreSQL at "
              + where.redactedUrl()
              + " does not answer: "
              + Redactor.redact(String.valueOf(e.getMessage())),
          "start PostgreSQL at "
              + hostPort(where.jdbcUrl())
              + " (systemctl start postgresql), or correct KXM_DATABASE_URL");
    }
  }

  private Finding redis(DoctorScope scope) {
    FanoutSettings fanout = HubConfig.fanout(scope.env());
    if (!fanout.usesRedis()) {
      return Finding.ok(
          name(), "redis_not_configured", "KXM_REDIS_URL is not set: one hub fans out in process");
    }
    RedisProbe.Answer answer = RedisProbe.ask(fanout, TIMEOUT);
    if (answer.reachable()) {
      return Finding.ok(
          name(),
          "redis_ok",
          "Redis " + answer.version().orElseThrow() + " answers at " + fanout.shownUrl());
    }
    return Finding.error(
        name(),
        "redis_unreachable",
        "Redis at " + fanout.shownUrl() + " does not answer: " + answer.failure(),
        "start Redis at "
            + fanout.shownUrl()
            + " (systemctl start redis), or correct KXM_REDIS_URL");
  }

  /** {@code host:port} of a {@code jdbc:postgresql://host:port/db} URL, for the fix. */
  private static String hostPort(String jdbcUrl) {
    String prefix = "jdbc:postgresql://";
    if (!jdbcUrl.startsWith(prefix)) {
      return "the server KXM_DATABASE_URL names";
    }
    String rest = jdbcUrl.substring(prefix.length());
    int end = rest.indexOf('/');
    return end < 0 ? rest : rest.substring(0, end);
  }
}
