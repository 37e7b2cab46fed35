package io.kxm.hub.fanout;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fan-out between hub nodes through Redis Pub/Sub. Every node publishes what it committed and
 * subscribes to one pattern; local delivery goes through an {@link InProcessLiveBus}. Redis keeps
 * nothing: when the subscription connection drops, every local listener is told about a possible
 * gap once the connection is back, and replays from the store.
 */
public final class RedisLiveBus implements LiveBus {
  private static final Logger LOG = LoggerFactory.getLogger(RedisLiveBus.class);
  private static final String PREFIX = "kxm:stream:";

  private final RedisClient client;
  private final StatefulRedisConnection<String, String> publisher;
  private final StatefulRedisPubSubConnection<String, String> subscriber;
  private final InProcessLiveBus local = new InProcessLiveBus();
  private final AtomicBoolean disconnected = new AtomicBoolean();

  /**
   * @throws KxmException {@code config_invalid} for a URL Lettuce cannot read, {@code
   *     redis_unreachable} when Redis does not answer; neither message shows a password
   */
  public RedisLiveBus(String redisUrl) {
    RedisURI uri;
    try {
      uri = RedisURI.create(redisUrl);
    } catch (IllegalArgumentException e) {
      throw new KxmException(
          ErrorCode.CONFIG_INVALID,
          LiveBuses.REDIS_URL + " is not a Redis URL; use redis://host:port",
          "Set " + LiveBuses.REDIS_URL + " to redis://host:port, or unset it for one node.");
    }
    this.client = RedisClient.create(uri);
    client.addListener(new GapOnReconnect());
    StatefulRedisConnection<String, String> connected = null;
    try {
      connected = client.connect();
      this.subscriber = client.connectPubSub();
    } catch (RedisConnectionException e) {
      if (connected != null) {
        connected.close();
      }
      client.shutdown();
      throw new KxmException(
          ErrorCode.REDIS_UNREACHABLE,
          "cannot reach Redis at "
              + uri.getHost()
              + ":"
              + uri.getPort()
              + " ("
              + LiveBuses.REDIS_URL
              + "): "
              + rootMessage(e),
          e);
    }
    this.publisher = connected;
    subscriber.addListener(
        new RedisPubSubAdapter<>() {
          @Override
          public void message(String pattern, String channel, String message) {
            deliver(channel, message);
          }

          @Override
          public void psubscribed(String pattern, long count) {
            // Lettuce subscribes again after a reconnect; only from then on is live complete.
            if (disconnected.compareAndSet(true, false)) {
              LOG.info("fan-out subscription to Redis is back; subscribers replay from the store");
              local.signalGapToAll();
            }
          }
        });
    subscriber.sync().psubscribe(PREFIX + "*");
  }

  @Override
  public void publish(String stream, long seq, String envelopeJson) {
    // Fire and forget: a lost publish is a gap that subscribers close by replaying the store.
    publisher.async().publish(PREFIX + stream, seq + "\n" + envelopeJson);
  }

  @Override
  public Subscription subscribe(String stream, LiveListener listener) {
    return local.subscribe(stream, listener);
  }

  private void deliver(String channel, String message) {
    int newline = message.indexOf('\n');
    if (newline <= 0 || !channel.startsWith(PREFIX)) {
      return;
    }
    long seq;
    try {
      seq = Long.parseLong(message, 0, newline, 10);
    } catch (NumberFormatException e) {
      LOG.warn("ignored a malformed fan-out message on {}", channel);
      return;
    }
    local.publish(channel.substring(PREFIX.length()), seq, message.substring(newline + 1));
  }

  @Override
  public void close() {
    subscriber.close();
    publisher.close();
    client.shutdown();
    local.close();
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return String.valueOf(root.getMessage());
  }

  /** Notes a lost connection; the gap is signalled once the subscription is back. */
  private final class GapOnReconnect implements RedisConnectionStateListener {
    @Override
    public void onRedisDisconnected(RedisChannelHandler<?, ?> connection) {
      disconnected.set(true);
    }
  }
}
