package io.kxm.fanout;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Redactor;
import io.kxm.core.settings.EnvSettings;
import io.lettuce.core.RedisURI;
import java.util.Locale;
import java.util.Map;

/**
 * How hub nodes fan out to each other: through Redis when a URL is set, else inside the process.
 *
 * @param redisUrl {@code redis://[user:password@]host[:port][/db]}, or {@code rediss://…} for TLS
 *     ({@code KXM_REDIS_URL}); null for one node. It may hold a password: {@link #toString} and
 *     every refusal leave it out.
 * @param channelPrefix what every channel name of this deployment starts with ({@code
 *     KXM_REDIS_CHANNEL_PREFIX}, {@code kxm}), so that two deployments on one Redis stay apart: 1
 *     to 64 letters, digits, dots, dashes or underscores
 */
public record FanoutSettings(String redisUrl, String channelPrefix) {
  public static final String REDIS_URL = "KXM_REDIS_URL";

  /** The runtime instances' own Redis, when it is not the hub's ({@code KXM_REDIS_URL}). */
  public static final String RUNTIME_REDIS_URL = "KXM_RUNTIME_REDIS_URL";

  public static final String CHANNEL_PREFIX = "KXM_REDIS_CHANNEL_PREFIX";
  public static final String DEFAULT_PREFIX = "kxm";
  private static final int MAX_PREFIX_CHARS = 64;
  private static final String NOT_SHOWN = " (the value is not shown: it may hold a password)";

  public FanoutSettings {
    if (redisUrl != null && redisUrl.isBlank()) {
      redisUrl = null;
    }
    if (redisUrl != null) {
      redisUri(redisUrl);
    }
    // No ':' and no glob characters: the pattern "<prefix>:stream:*" then matches this
    // deployment's channels and never another prefix's.
    if (channelPrefix == null
        || channelPrefix.length() > MAX_PREFIX_CHARS
        || !Wakeup.isStreamKey(channelPrefix)) {
      throw invalid(
          CHANNEL_PREFIX
              + " must be 1 to "
              + MAX_PREFIX_CHARS
              + " letters, digits, dots, dashes or underscores, got '"
              + shown(channelPrefix)
              + "'");
    }
  }

  /** The hub's: {@code KXM_REDIS_URL} and {@code KXM_REDIS_CHANNEL_PREFIX}. */
  public static FanoutSettings fromEnvironment(Map<String, String> env) {
    EnvSettings read = EnvSettings.of(env);
    return new FanoutSettings(read.string(REDIS_URL), read.string(CHANNEL_PREFIX, DEFAULT_PREFIX));
  }

  /**
   * The runtime instances': {@code KXM_RUNTIME_REDIS_URL}, else the hub's {@code KXM_REDIS_URL};
   * the channel prefix is the hub's, and the runtime's streams are named apart from the hub's.
   */
  public static FanoutSettings forRuntime(Map<String, String> env) {
    EnvSettings read = EnvSettings.of(env);
    String url = read.string(RUNTIME_REDIS_URL);
    return new FanoutSettings(
        url != null ? url : read.string(REDIS_URL), read.string(CHANNEL_PREFIX, DEFAULT_PREFIX));
  }

  /** Fan-out inside one process. */
  public static FanoutSettings inProcess() {
    return new FanoutSettings(null, DEFAULT_PREFIX);
  }

  /** Fan-out through the Redis at {@code url}, on channels starting with {@code prefix}. */
  public static FanoutSettings redis(String url, String prefix) {
    if (url == null || url.isBlank()) {
      throw invalid(REDIS_URL + " is empty; give redis://host:port or rediss://host:port");
    }
    return new FanoutSettings(url, prefix);
  }

  public boolean usesRedis() {
    return redisUrl != null;
  }

  /** The parsed URL; TLS for {@code rediss://}, with the peer's certificate and name verified. */
  RedisURI redisUri() {
    return redisUri(redisUrl);
  }

  /** The URL with any user and password masked, for logs and error messages. */
  public String shownUrl() {
    return redisUrl == null ? "none" : Redactor.redact(redisUrl);
  }

  @Override
  public String toString() {
    return "FanoutSettings[redisUrl=" + shownUrl() + ", channelPrefix=" + channelPrefix + "]";
  }

  private static RedisURI redisUri(String url) {
    String lower = url.toLowerCase(Locale.ROOT);
    if (!lower.startsWith("redis://") && !lower.startsWith("rediss://")) {
      throw invalid(REDIS_URL + " must start with redis:// or rediss:// (TLS)" + NOT_SHOWN);
    }
    RedisURI uri;
    try {
      uri = RedisURI.create(url);
    } catch (RuntimeException e) {
      // The parser's message repeats the URL, password included: never pass it on.
      throw invalid(REDIS_URL + " is not a valid redis:// URL" + NOT_SHOWN);
    }
    if (uri.getHost() == null || uri.getHost().isBlank()) {
      throw invalid(REDIS_URL + " names no host" + NOT_SHOWN);
    }
    return uri;
  }

  private static String shown(String text) {
    if (text == null) {
      return "";
    }
    return text.length() > 40 ? text.substring(0, 40) + "…" : text;
  }

  private static KxmException invalid(String message) {
    return new KxmException(ErrorCode.CONFIG_INVALID, message);
  }
}
