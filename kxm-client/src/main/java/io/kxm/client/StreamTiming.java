package io.kxm.client;

import java.time.Duration;

/**
 * How an event stream follower paces itself.
 *
 * @param retryMin first pause after a dropped or refused connection; doubles up to {@code
 *     retryMax}, and starts over once a connection delivers an event
 * @param retryMax longest pause between attempts
 * @param idleLimit a connection silent this long (the hub sends heartbeats) is reopened
 */
public record StreamTiming(Duration retryMin, Duration retryMax, Duration idleLimit) {
  public static final StreamTiming DEFAULT =
      new StreamTiming(Duration.ofMillis(250), Duration.ofSeconds(15), Duration.ofSeconds(90));
}
