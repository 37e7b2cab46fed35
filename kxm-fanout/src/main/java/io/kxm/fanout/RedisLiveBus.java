package io.kxm.fanout;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Redactor;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fan-out between hub nodes through Redis Pub/Sub. Committed events reach this node's listeners
 * directly, in process; Redis carries only wake-ups ({@link Wakeup}: a stream and a sequence
 * number), and a listener that hears one reads the events from the store. Redis is therefore
 * believed in nothing: whoever can publish there can make nodes read the store, never make a
 * subscriber receive an event the store does not hold, nor hide one it does. When the subscription
 * connection drops, every local listener is told about a possible gap once it is back.
 */
public final class RedisLiveBus implements LiveBus {
  private static final Logger LOG = LoggerFactory.getLogger(RedisLiveBus.class);

  private final String prefix;
  private final RedisClient client;
  private final StatefulRedisConnection<String, String> publisher;
  private final StatefulRedisPubSubConnection<String, String> subscriber;
  private final InProcessLiveBus local = new InProcessLiveBus();
  private final AtomicBoolean disconnected = new AtomicBoolean();
  private final AtomicLong dropped = new AtomicLong();

  /**
   * Connects to Redis and subscribes to this deployment's channels.
   *
   * @throws KxmException {@code redis_unreachable} when Redis does not answer, refuses the
   *     credentials or fails the TLS handshake; the message never shows a password
   */
  public RedisLiveBus(FanoutSettings settings) {
    this.prefix = settings.channelPrefix();
    this.client = RedisClient.create(settings.redisUri());
    StatefulRedisConnection<String, String> pub = null;
    StatefulRedisPubSubConnection<String, String> sub = null;
    try {
      client.addListener(new GapOnReconnect());
      pub = client.connect();
      sub = client.connectPubSub();
      sub.addListener(new Wakeups());
      sub.sync().psubscribe(Wakeup.pattern(prefix));
    } catch (RuntimeException e) {
      closeQuietly(sub);
      closeQuietly(pub);
      client.shutdown();
      throw new KxmException(
          ErrorCode.REDIS_UNREACHABLE,
          "could not open live fan-out through Redis at " + settings.shownUrl() + ": " + reason(e));
    }
    this.publisher = pub;
    this.subscriber = sub;
  }

  @Override
  public void publish(String stream, long seq, String envelopeJson) {
    local.publish(stream, seq, envelopeJson); // this node's listeners need no store read
    if (seq <= 0 || !Wakeup.isStreamKey(stream)) {
      LOG.warn("stream {} cannot be announced on Redis; other nodes find it by replay", stream);
      return;
    }
    Wakeup wakeup = new Wakeup(stream, seq);
    // Fire and forget: a lost publish is a gap that subscribers close by replaying the store.
    publisher.async().publish(Wakeup.channel(prefix, stream), wakeup.message());
  }

  @Override
  public Subscription subscribe(String stream, LiveListener listener) {
    return local.subscribe(stream, listener);
  }

  @Override
  public long droppedWakeups() {
    return dropped.get();
  }

  private void heard(String channel, String message) {
    Optional<Wakeup> wakeup = Wakeup.parse(prefix, channel, message);
    if (wakeup.isPresent()) {
      local.wake(wakeup.get().stream(), wakeup.get().seq());
      return;
    }
    long count = dropped.incrementAndGet();
    if (count == 1 || count % 1000 == 0) {
      // Neither channel nor message is shown: both come from whoever published them.
      LOG.warn("dropped a malformed fan-out message heard on Redis ({} so far)", count);
    }
  }

  @Override
  public void close() {
    subscriber.close();
    publisher.close();
    client.shutdown();
    local.close();
  }

  private static String reason(RuntimeException e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String text = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    text = Redactor.redact(text.strip());
    return text.length() > 200 ? text.substring(0, 200) + "…" : text;
  }

  private static void closeQuietly(AutoCloseable resource) {
    if (resource == null) {
      return;
    }
    try {
      resource.close();
    } catch (Exception e) {
      // Already failing to connect; that error is the one to report.
    }
  }

  private final class Wakeups extends RedisPubSubAdapter<String, String> {
    @Override
    public void message(String pattern, String channel, String message) {
      try {
        heard(channel, message);
      } catch (RuntimeException e) {
        // A listener must never take the subscription down; replay covers what it missed.
        LOG.warn("a fan-out listener failed: {}", e.toString());
      }
    }

    @Override
    public void psubscribed(String pattern, long count) {
      // Lettuce subscribes again after a reconnect; only from then on is live complete.
      if (disconnected.compareAndSet(true, false)) {
        LOG.info("fan-out subscription to Redis is back; subscribers replay from the store");
        local.signalGapToAll();
      }
    }
  }

  /** Notes a lost connection; the gap is signalled once the subscription is back. */
  private final class GapOnReconnect implements RedisConnectionStateListener {
    @Override
    public void onRedisDisconnected(RedisChannelHandler<?, ?> connection) {
      disconnected.set(true);
    }
  }
}
