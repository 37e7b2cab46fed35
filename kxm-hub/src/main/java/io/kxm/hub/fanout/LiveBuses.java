package io.kxm.hub.fanout;

import java.util.Map;

/** Picks the live fan-out for a deployment. */
public final class LiveBuses {
  /** The variable that names the Redis server shared by hub nodes. */
  public static final String REDIS_URL = "KXM_REDIS_URL";

  private LiveBuses() {}

  /**
   * Redis Pub/Sub when {@code KXM_REDIS_URL} is set (several hub nodes on one PostgreSQL), else
   * fan-out inside this process (one node). The caller closes it after the hub stopped.
   */
  public static LiveBus fromEnvironment(Map<String, String> env) {
    String url = env.get(REDIS_URL);
    return url == null || url.isBlank() ? new InProcessLiveBus() : new RedisLiveBus(url.strip());
  }
}
