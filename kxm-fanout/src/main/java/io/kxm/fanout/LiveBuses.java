package io.kxm.fanout;

/** Picks the live fan-out for a deployment. */
public final class LiveBuses {
  private LiveBuses() {}

  /**
   * Redis Pub/Sub when a Redis URL is set (several hub nodes on one PostgreSQL), else fan-out
   * inside this process (one node). The caller closes it after the hub stopped.
   *
   * @throws io.kxm.core.error.KxmException {@code redis_unreachable} when Redis does not answer or
   *     refuses the credentials
   */
  public static LiveBus open(FanoutSettings settings) {
    return settings.usesRedis() ? new RedisLiveBus(settings) : new InProcessLiveBus();
  }
}
