package io.kxm.hub.messaging;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.SendRate;
import io.kxm.core.settings.EnvSettings;
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
  private static final Duration LEASE_MIN = Duration.ofSeconds(1);
  private static final Duration LEASE_MAX = Duration.ofDays(1);
  private static final int MAX_HOPS = 64;
  private static final Duration KEEP_MIN = Duration.ofSeconds(1);
  private static final Duration KEEP_MAX = Duration.ofDays(365);
  private static final Duration TICK_MIN = Duration.ofMillis(10);
  private static final Duration SWEEP_MAX = Duration.ofMinutes(1);
  private static final Duration HEARTBEAT_MAX = Duration.ofSeconds(25);
  private static final int QUEUE_MIN = 16;
  private static final int QUEUE_MAX = 1_000_000;

  public MessagingSettings {
    range("KXM_PRESENCE_LEASE_MS", presenceLease, LEASE_MIN, LEASE_MAX);
    if (maxHops < 0 || maxHops > MAX_HOPS) {
      throw invalid("KXM_MAX_HOPS must be from 0 to " + MAX_HOPS + ", got " + maxHops);
    }
    range("KXM_MESSAGE_RETENTION_MS", retention, KEEP_MIN, KEEP_MAX);
    range("KXM_SWEEP_INTERVAL_MS", sweepInterval, TICK_MIN, SWEEP_MAX);
    range("purge interval", purgeInterval, TICK_MIN, Duration.ofHours(1));
    range("KXM_SSE_HEARTBEAT_MS", streamHeartbeat, TICK_MIN, HEARTBEAT_MAX);
    if (streamQueue < QUEUE_MIN || streamQueue > QUEUE_MAX) {
      throw invalid("KXM_SSE_QUEUE must be from 16 to 1,000,000 events, got " + streamQueue);
    }
    range("await recheck", awaitRecheck, TICK_MIN, Duration.ofMinutes(1));
    if (sendRate == null) {
      throw invalid("the send rate limit must be given; SendRate.off() turns it off");
    }
    range("KXM_SHORT_LIVED_AGENT_TTL_MS", shortLivedAgentTtl, KEEP_MIN, KEEP_MAX);
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
    EnvSettings read = EnvSettings.of(env);
    return new MessagingSettings(
        read.millis("KXM_PRESENCE_LEASE_MS", d.presenceLease, LEASE_MIN, LEASE_MAX),
        read.integer("KXM_MAX_HOPS", d.maxHops, 0, MAX_HOPS),
        read.millis("KXM_MESSAGE_RETENTION_MS", d.retention, KEEP_MIN, KEEP_MAX),
        read.millis("KXM_SWEEP_INTERVAL_MS", d.sweepInterval, TICK_MIN, SWEEP_MAX),
        d.purgeInterval,
        read.millis("KXM_SSE_HEARTBEAT_MS", d.streamHeartbeat, TICK_MIN, HEARTBEAT_MAX),
        read.integer("KXM_SSE_QUEUE", d.streamQueue, QUEUE_MIN, QUEUE_MAX),
        d.awaitRecheck,
        new SendRate(
            read.number(
                "KXM_SEND_RATE_PER_MINUTE", d.sendRate.perMinute(), 0, SendRate.MAX_PER_MINUTE),
            read.number("KXM_SEND_BURST", d.sendRate.burst(), 1, SendRate.MAX_BURST)),
        read.millis("KXM_SHORT_LIVED_AGENT_TTL_MS", d.shortLivedAgentTtl, KEEP_MIN, KEEP_MAX));
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
