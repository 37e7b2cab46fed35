package io.kxm.fanout;

import io.kxm.core.secret.Redactor;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.Optional;

/**
 * Asks the Redis a hub fans out through what it is, over one connection that is closed at once, so
 * a health check can tell a Redis that is down from one that answers without subscribing to
 * anything or publishing a wake-up.
 */
public final class RedisProbe {
  /** What the probe found: the server's version, or why it could not be asked. */
  public record Answer(Optional<String> version, String failure) {
    public boolean reachable() {
      return version.isPresent();
    }
  }

  private RedisProbe() {}

  /**
   * Connects to {@code settings}' Redis and reads {@code redis_version} from {@code INFO server}.
   *
   * @param timeout how long connecting and the command may each take
   * @return the version, or the reason it failed with every password masked
   */
  public static Answer ask(FanoutSettings settings, Duration timeout) {
    RedisURI uri = settings.redisUri();
    uri.setTimeout(timeout);
    RedisClient client = RedisClient.create(uri);
    client.setOptions(
        ClientOptions.builder()
            .autoReconnect(false)
            .socketOptions(SocketOptions.builder().connectTimeout(timeout).build())
            .timeoutOptions(TimeoutOptions.enabled(timeout))
            .build());
    try (StatefulRedisConnection<String, String> connection = client.connect()) {
      return new Answer(Optional.of(version(connection.sync().info("server"))), null);
    } catch (RuntimeException e) {
      return new Answer(Optional.empty(), reason(e));
    } finally {
      client.shutdown(Duration.ZERO, timeout);
    }
  }

  private static String version(String info) {
    for (String line : info.split("\r?\n")) {
      if (line.startsWith("redis_version:")) {
        return line.substring("redis_version:".length()).strip();
      }
    }
    return "unknown";
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
}
