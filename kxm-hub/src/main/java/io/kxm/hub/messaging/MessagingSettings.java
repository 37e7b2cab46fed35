package io.kxm.hub.messaging;

import io.kxm.core.check.EnvNumber;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.SendRate;
import java.time.Duration;
import java.util.Map;

/**
 * Settings of agents, messages and streams. {@link #fromEnvironment} reads them once at start; the
 * {@code with…} methods exist for tests and CLI flags.
 *
 * @param presenceLease how long a registration, heartbeat or open stream keeps an agent online
 *     ({@code KXM_PRESENCE_LEASE_MS}, 60 s); it is then stale for as long again, then offline
 * @param maxHops how deep a forwarding chain may go ({@code KXM_MAX_HOPS}, 8)
 * @param retention how long finished messages and stream events are kept ({@code
 *     KXM_MESSAGE_RETENTION_MS}, 7 days)
 * @param sweepInterval how often open messages past their TTL are expired ({@code
 *     KXM_SWEEP_INTERVAL_MS}, 1 s)
 * @param purgeInterval how often the retention purge runs (60 s)
 * @param streamHeartbeat idle time after which an event stream sends a comment ({@code
 *     KXM_SSE_HEARTBEAT_MS}, 15 s); it must stay below the server's 30 s idle timeout
 * @param streamQueue live events buffered per stream before a client that cannot keep up is cut
 *     ({@code KXM_SSE_QUEUE}, 1,024)
 * @param awaitRecheck how often a waiting await re-reads the store even without a live event (1 s)
 * @param sendRate the courtesy limit on each agent's sends: refill per minute ({@code
 *     KXM_SEND_RATE_PER_MINUTE}, 120; 0 turns it off) and bucket size ({@code KXM_SEND_BURST}, 60)
 * @param shortLivedAgentTtl how long an agent named {@code cli-<pid>} or {@code mcp-<pid>} (a name
 *     a command made up for one process) stays registered after it went offline, before
 *     housekeeping retires it ({@code KXM_SHORT_LIVED_AGENT_TTL_MS}, 24 h)
 */
public record MessagingSettings(
    Duration presenceLease,
    int maxHops,
    Duration retention,
    Duration sweepInterval,
    Duration purgeInterval,
    Duration streamHeartbeat,
    int streamQueue,
    Duration awaitRecheck,
    SendRate sendRate,
    Duration shortLivedAgentTtl) {

  public MessagingSettings {
    range("KXM_PRESENCE_LEASE_MS", presenceLease, Duration.ofSeconds(1), Duration.ofDays(1));
    if (maxHops < 0 || maxHops > 64) {
      throw invalid("KXM_MAX_HOPS must be from 0 to 64, got " + maxHops);
    }
    range("KXM_MESSAGE_RETENTION_MS", retention, Duration.ofSeconds(1), Duration.ofDays(365));
    range("KXM_SWEEP_INTERVAL_MS", sweepInterval, Duration.ofMillis(10), Duration.ofMinutes(1));
    range("purge interval", purgeInterval, Duration.ofMillis(10), Duration.ofHours(1));
    range("KXM_SSE_HEARTBEAT_MS", streamHeartbeat, Duration.ofMillis(10), Duration.ofSeconds(25));
    if (streamQueue < 16 || streamQueue > 1_000_000) {
      throw invalid("KXM_SSE_QUEUE must be from 16 to 1,000,000 events, got " + streamQueue);
    }
    range("await recheck", awaitRecheck, Duration.ofMillis(10), Duration.ofMinutes(1));
    if (sendRate == null) {
      throw invalid("the send rate limit must be given; SendRate.off() turns it off");
    }
    range(
        "KXM_SHORT_LIVED_AGENT_TTL_MS",
        shortLivedAgentTtl,
        Duration.ofSeconds(1),
        Duration.ofDays(365));
  }

  public static MessagingSettings defaults() {
    return new MessagingSettings(
        Duration.ofSeconds(60),
        8,
        Duration.ofDays(7),
        Duration.ofSeconds(1),
        Duration.ofSeconds(60),
        Duration.ofSeconds(15),
        1024,
        Duration.ofSeconds(1),
        new SendRate(120, 60),
        Duration.ofHours(24));
  }

  /** The defaults, overridden by whichever {@code KXM_*} variable above is set. */
  public static MessagingSettings fromEnvironment(Map<String, String> env) {
    MessagingSettings d = defaults();
    return new MessagingSettings(
        millis(env, "KXM_PRESENCE_LEASE_MS", d.presenceLease),
        (int) number(env, "KXM_MAX_HOPS", d.maxHops),
        millis(env, "KXM_MESSAGE_RETENTION_MS", d.retention),
        millis(env, "KXM_SWEEP_INTERVAL_MS", d.sweepInterval),
        d.purgeInterval,
        millis(env, "KXM_SSE_HEARTBEAT_MS", d.streamHeartbeat),
        Math.clamp(
            number(env, "KXM_SSE_QUEUE", d.streamQueue), Integer.MIN_VALUE, Integer.MAX_VALUE),
        d.awaitRecheck,
        new SendRate(
            EnvNumber.read(
                env,
                "KXM_SEND_RATE_PER_MINUTE",
                d.sendRate.perMinute(),
                0,
                SendRate.MAX_PER_MINUTE),
            EnvNumber.read(env, "KXM_SEND_BURST", d.sendRate.burst(), 1, SendRate.MAX_BURST)),
        millis(env, "KXM_SHORT_LIVED_AGENT_TTL_MS", d.shortLivedAgentTtl));
  }

  public MessagingSettings withPresenceLease(Duration value) {
    return new MessagingSettings(
        value,
        maxHops,
        retention,
        sweepInterval,
        purgeInterval,
        streamHeartbeat,
        streamQueue,
        awaitRecheck,
        sendRate,
        shortLivedAgentTtl);
  }

  public MessagingSettings withMaxHops(int value) {
    return new MessagingSettings(
        presenceLease,
        value,
        retention,
        sweepInterval,
        purgeInterval,
        streamHeartbeat,
        streamQueue,
        awaitRecheck,
        sendRate,
        shortLivedAgentTtl);
  }

  public MessagingSettings withRetention(Duration value) {
    return new MessagingSettings(
        presenceLease,
        maxHops,
        value,
        sweepInterval,
        purgeInterval,
        streamHeartbeat,
        streamQueue,
        awaitRecheck,
        sendRate,
        shortLivedAgentTtl);
  }

  /** Sweep, purge and await re-check all at {@code value}: quick housekeeping for tests. */
  public MessagingSettings withHousekeeping(Duration value) {
    return new MessagingSettings(
        presenceLease,
        maxHops,
        retention,
        value,
        value,
        streamHeartbeat,
        streamQueue,
        value,
        sendRate,
        shortLivedAgentTtl);
  }

  public MessagingSettings withAwaitRecheck(Duration value) {
    return new MessagingSettings(
        presenceLease,
        maxHops,
        retention,
        sweepInterval,
        purgeInterval,
        streamHeartbeat,
        streamQueue,
        value,
        sendRate,
        shortLivedAgentTtl);
  }

  public MessagingSettings withStreamHeartbeat(Duration value) {
    return new MessagingSettings(
        presenceLease,
        maxHops,
        retention,
        sweepInterval,
        purgeInterval,
        value,
        streamQueue,
        awaitRecheck,
        sendRate,
        shortLivedAgentTtl);
  }

  public MessagingSettings withShortLivedAgentTtl(Duration value) {
    return new MessagingSettings(
        presenceLease,
        maxHops,
        retention,
        sweepInterval,
        purgeInterval,
        streamHeartbeat,
        streamQueue,
        awaitRecheck,
        sendRate,
        value);
  }

  /** The courtesy limit on each agent's sends; {@link SendRate#off()} turns it off. */
  public MessagingSettings withSendRate(SendRate value) {
    return new MessagingSettings(
        presenceLease,
        maxHops,
        retention,
        sweepInterval,
        purgeInterval,
        streamHeartbeat,
        streamQueue,
        awaitRecheck,
        value,
        shortLivedAgentTtl);
  }

  private static Duration millis(Map<String, String> env, String name, Duration fallback) {
    return Duration.ofMillis(number(env, name, fallback.toMillis()));
  }

  private static long number(Map<String, String> env, String name, long fallback) {
    String value = env.get(name);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    try {
      return Long.parseLong(value.strip());
    } catch (NumberFormatException e) {
      throw invalid(name + " must be a whole number, got '" + value.strip() + "'");
    }
  }

  private static void range(String name, Duration value, Duration min, Duration max) {
    if (value == null || value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw invalid(
          name
              + " must be from "
              + min.toMillis()
              + " to "
              + max.toMillis()
              + " ms, got "
              + (value == null ? "nothing" : value.toMillis()));
    }
  }

  private static KxmException invalid(String message) {
    return new KxmException(ErrorCode.CONFIG_INVALID, message);
  }
}
