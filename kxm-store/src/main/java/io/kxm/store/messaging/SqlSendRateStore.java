package io.kxm.store.messaging;

import io.kxm.core.messaging.SendRate;
import io.kxm.core.messaging.SendRateOutcome;
import io.kxm.store.Dialect;
import io.kxm.store.jdbc.Jdbc;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * {@link SendRateStore} in SQL. One conditional upsert decides under the row lock (PostgreSQL) or
 * on the single writer (SQLite), so concurrent sends of one agent through any nodes cannot take the
 * same token twice.
 */
public final class SqlSendRateStore implements SendRateStore {
  private final Jdbc jdbc;
  private final Clock clock;
  private final String take;

  public SqlSendRateStore(Jdbc jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
    String max = jdbc.dialect() == Dialect.POSTGRES ? "GREATEST" : "MAX";
    String start = max + "(send_rates.full_at, ?)";
    // A new bucket starts full and gives its first token; an existing one gives a token while
    // its full-again moment lies at most the tolerance past now.
    this.take =
        "INSERT INTO send_rates (agent_id, full_at) VALUES (?, ?)"
            + " ON CONFLICT (agent_id) DO UPDATE SET full_at = "
            + start
            + " + ? WHERE "
            + start
            + " - ? <= ? RETURNING full_at";
  }

  @Override
  public SendRateOutcome take(String agentId, SendRate rate) {
    long now = ChronoUnit.MICROS.between(Instant.EPOCH, clock.instant());
    long interval = rate.intervalMicros();
    long tolerance = rate.toleranceMicros();
    Jdbc about = jdbc.about("take a send token of agent " + agentId);
    Optional<Long> taken =
        about.first(
            take,
            row -> row.longValue("full_at"),
            agentId,
            now + interval,
            now,
            interval,
            now,
            now,
            tolerance);
    if (taken.isPresent()) {
      return new SendRateOutcome.Taken();
    }
    long fullAt =
        about
            .first(
                "SELECT full_at FROM send_rates WHERE agent_id = ?",
                row -> row.longValue("full_at"),
                agentId)
            .orElseThrow();
    long wait = Math.max(fullAt, now) - now - tolerance;
    return new SendRateOutcome.Limited(Duration.of(Math.max(1, wait), ChronoUnit.MICROS));
  }
}
