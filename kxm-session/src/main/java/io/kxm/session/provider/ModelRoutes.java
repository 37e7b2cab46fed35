package io.kxm.session.provider;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Picks the client for a model route {@code provider/model} from the supervisor's settings: {@code
 * anthropic/…} speaks Anthropic Messages; {@code openai/…} speaks OpenAI Responses, or Chat
 * Completions when {@code KXM_OPENAI_WIRE=chat}; any other provider ({@code ollama/…}, {@code
 * vllm/…}) is an OpenAI-compatible server at {@code OPENAI_BASE_URL}, spoken to in Chat
 * Completions.
 */
public final class ModelRoutes {
  public static final String ANTHROPIC_BASE_URL = "ANTHROPIC_BASE_URL";
  public static final String ANTHROPIC_API_KEY = "ANTHROPIC_API_KEY";
  public static final String OPENAI_BASE_URL = "OPENAI_BASE_URL";
  public static final String OPENAI_API_KEY = "OPENAI_API_KEY";
  public static final String OPENAI_WIRE = "KXM_OPENAI_WIRE";

  static final URI ANTHROPIC_DEFAULT = URI.create("https://api.anthropic.com");
  static final URI OPENAI_DEFAULT = URI.create("https://api.openai.com/v1");

  private final Map<String, String> environment;
  private HttpClient http; // made on first use: a client holds a selector thread

  public ModelRoutes(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
  }

  private synchronized HttpClient http() {
    if (http == null) {
      http =
          HttpClient.newBuilder()
              .connectTimeout(Duration.ofSeconds(10))
              .followRedirects(HttpClient.Redirect.NEVER)
              .build();
    }
    return http;
  }

  /** A route split into the provider and the provider's own model name. */
  public record Route(String provider, String model) {}

  /**
   * Splits {@code route} at its first slash.
   *
   * @throws KxmException {@code harness_invalid} for a route without a known provider
   */
  public static Route parse(String route) {
    int slash = route == null ? -1 : route.indexOf('/');
    if (slash <= 0 || slash == route.length() - 1) {
      throw new KxmException(
          ErrorCode.HARNESS_INVALID,
          "the built-in agent needs the session's model as provider/model (anthropic/… or"
              + " openai/…), got "
              + (route == null ? "none" : "'" + route + "'"));
    }
    String provider = route.substring(0, slash).toLowerCase(Locale.ROOT);
    if (!provider.matches("[a-z0-9][a-z0-9._-]{0,63}")) {
      throw new KxmException(
          ErrorCode.HARNESS_INVALID,
          "a model route's provider is a short lower-case name, got '" + provider + "'");
    }
    return new Route(provider, route.substring(slash + 1));
  }

  /**
   * The client for {@code route}.
   *
   * @throws KxmException {@code harness_not_logged_in} when the provider's key is not set, {@code
   *     harness_invalid} for a bad route or base URL
   */
  public ModelClient client(Route route) {
    if (route.provider().equals("anthropic")) {
      String key = required(ANTHROPIC_API_KEY);
      return new AnthropicMessages(http(), base(ANTHROPIC_BASE_URL, ANTHROPIC_DEFAULT), key);
    }
    if (!route.provider().equals("openai")) {
      if (present(OPENAI_BASE_URL) == null) {
        throw new KxmException(
            ErrorCode.HARNESS_INVALID,
            "the model route names provider '"
                + route.provider()
                + "': set "
                + OPENAI_BASE_URL
                + " to its OpenAI-compatible server, or use anthropic/… or openai/…");
      }
      return new ChatCompletions(
          http(), base(OPENAI_BASE_URL, OPENAI_DEFAULT), present(OPENAI_API_KEY));
    }
    boolean chat = wireIsChat();
    URI base = base(OPENAI_BASE_URL, OPENAI_DEFAULT);
    if (chat) {
      // A local server often takes no key; one is sent when it is set.
      return new ChatCompletions(http(), base, present(OPENAI_API_KEY));
    }
    return new OpenAiResponses(http(), base, required(OPENAI_API_KEY));
  }

  /**
   * Where {@link #client} would send the calls of a model route's provider: a sandboxed harness on
   * that route may reach this address and no other.
   *
   * @return empty for a provider other than anthropic or openai while {@code OPENAI_BASE_URL} is
   *     unset, or for a route without a provider
   */
  public Optional<URI> baseUrl(String route) {
    int slash = route == null ? -1 : route.indexOf('/');
    String provider = slash <= 0 ? "" : route.substring(0, slash).toLowerCase(Locale.ROOT);
    if (provider.equals("anthropic")) {
      return Optional.of(base(ANTHROPIC_BASE_URL, ANTHROPIC_DEFAULT));
    }
    if (provider.equals("openai") || (!provider.isEmpty() && present(OPENAI_BASE_URL) != null)) {
      return Optional.of(base(OPENAI_BASE_URL, OPENAI_DEFAULT));
    }
    return Optional.empty();
  }

  private boolean wireIsChat() {
    String wire = present(OPENAI_WIRE);
    if (wire == null || wire.equals("responses")) {
      return false;
    }
    if (wire.equals("chat")) {
      return true;
    }
    throw new KxmException(
        ErrorCode.HARNESS_INVALID,
        OPENAI_WIRE + " is 'responses' (the default) or 'chat', got '" + wire + "'");
  }

  private String required(String variable) {
    String value = present(variable);
    if (value == null) {
      throw new KxmException(
          ErrorCode.HARNESS_NOT_LOGGED_IN,
          "the built-in agent needs " + variable + " in the supervisor's environment");
    }
    return value;
  }

  private String present(String variable) {
    String value = environment.get(variable);
    return value == null || value.isBlank() ? null : value.strip();
  }

  private URI base(String variable, URI fallback) {
    String value = present(variable);
    if (value == null) {
      return fallback;
    }
    try {
      URI uri = new URI(value);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
        return uri;
      }
    } catch (URISyntaxException e) {
      // refused below
    }
    throw new KxmException(
        ErrorCode.HARNESS_INVALID, variable + " is not an http(s) URL with a host: " + value);
  }
}
