package io.kxm.core.search;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Where an OpenAI-compatible {@code /embeddings} endpoint is and how to call it.
 *
 * @param baseUrl the API base, {@code /embeddings} is appended: {@code https://api.openai.com/v1}
 * @param model the embedding model, for example {@code text-embedding-3-small}
 * @param apiKey sent as {@code Authorization: Bearer}; null for none
 * @param timeout per call
 */
public record EmbeddingSettings(URI baseUrl, String model, String apiKey, Duration timeout) {
  /** Base URL of the endpoint; vectors are off when it is unset. */
  public static final String ENV_URL = "KXM_EMBEDDINGS_URL";

  public static final String ENV_MODEL = "KXM_EMBEDDINGS_MODEL";
  public static final String ENV_KEY = "KXM_EMBEDDINGS_API_KEY";
  public static final String DEFAULT_MODEL = "text-embedding-3-small";
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  public EmbeddingSettings {
    if (baseUrl == null
        || baseUrl.getHost() == null
        || !("http".equals(baseUrl.getScheme()) || "https".equals(baseUrl.getScheme()))) {
      throw refused("the embeddings URL must be an http(s) URL with a host, was " + baseUrl);
    }
    if (apiKey != null && apiKey.isBlank()) {
      apiKey = null;
    }
    if (apiKey != null && "http".equals(baseUrl.getScheme()) && !loopback(baseUrl.getHost())) {
      throw refused(
          "an API key is sent only over https or to loopback; use https for " + baseUrl.getHost());
    }
    if (model == null || model.isBlank() || model.length() > 200) {
      throw refused("the embeddings model must be a name of 1 to 200 characters");
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw refused("the embeddings timeout must be positive");
    }
  }

  /**
   * The settings in {@code env} ({@value #ENV_URL}, {@value #ENV_MODEL}, {@value #ENV_KEY}); empty
   * when no URL is set, which turns vectors off.
   */
  public static Optional<EmbeddingSettings> fromEnvironment(Map<String, String> env) {
    String url = env.get(ENV_URL);
    if (url == null || url.isBlank()) {
      return Optional.empty();
    }
    URI uri;
    try {
      uri = URI.create(url.strip());
    } catch (IllegalArgumentException e) {
      throw refused(ENV_URL + " is not a URL: " + e.getMessage());
    }
    String model = env.getOrDefault(ENV_MODEL, "");
    return Optional.of(
        new EmbeddingSettings(
            uri,
            model.isBlank() ? DEFAULT_MODEL : model.strip(),
            env.get(ENV_KEY),
            DEFAULT_TIMEOUT));
  }

  /** The endpoint called: the base URL with {@code /embeddings} appended. */
  public URI endpoint() {
    String base = baseUrl.toString();
    return URI.create((base.endsWith("/") ? base : base + "/") + "embeddings");
  }

  @Override
  public String toString() {
    // the key never reaches a log line or a message
    return "EmbeddingSettings[" + baseUrl + ", model=" + model + ", key=" + (apiKey != null) + "]";
  }

  private static boolean loopback(String host) {
    return host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]");
  }

  private static KxmException refused(String message) {
    return new KxmException(ErrorCode.VECTOR_RETRIEVAL_UNAVAILABLE, message);
  }
}
