package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.net.Loopback;
import io.kxm.core.net.Origins;
import io.kxm.core.settings.EnvSettings;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The supervisor's network boundary, validated when built: a refused setting is {@code
 * config_invalid} naming it, and a non-loopback bind without a token is {@code
 * runtime_bind_requires_token}.
 *
 * @param bindHost the IP address it listens on; {@code localhost} reads as 127.0.0.1 ({@code
 *     KXM_RUNTIME_BIND}, {@code --bind})
 * @param tokenRequired false only with {@code --no-token}, which a non-loopback bind refuses
 * @param tokenOverride a token from {@code KXM_RUNTIME_TOKEN} that replaces the token file; null
 *     when unset. Never shown by {@link #toString()}
 * @param allowedOrigins browser origins allowed to call ({@code KXM_ALLOWED_ORIGINS}); empty
 *     refuses every Origin
 * @param hostNames extra names a {@code Host} header may use on a non-loopback bind ({@code
 *     KXM_RUNTIME_HOSTS})
 * @param port the TCP port it listens on; 0 takes an ephemeral one, as the per-user supervisor does
 */
public record NetworkSettings(
    String bindHost,
    boolean tokenRequired,
    String tokenOverride,
    List<String> allowedOrigins,
    List<String> hostNames,
    int port) {
  private static final String DEFAULT_BIND = "127.0.0.1";

  public static final NetworkSettings LOOPBACK =
      new NetworkSettings(DEFAULT_BIND, true, null, List.of(), List.of());

  /** A token shorter than this can be guessed by anyone who can reach a non-loopback port. */
  public static final int MIN_TOKEN_LENGTH = 32;

  private static final Pattern HOST_NAME = Pattern.compile("[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?");

  public NetworkSettings {
    bindHost = bindAddress(bindHost);
    if (tokenOverride != null) {
      checkToken(tokenOverride);
    }
    allowedOrigins = origins(allowedOrigins);
    hostNames = hostNames(hostNames);
    if (port < 0 || port > 65_535) {
      throw EnvSettings.invalid("--bind", "the port must be 0 to 65535, got " + port);
    }
    if (!tokenRequired && !Loopback.isLoopback(bindHost)) {
      throw new KxmException(
          ErrorCode.RUNTIME_BIND_REQUIRES_TOKEN,
          "--no-token refused: the supervisor would listen on "
              + bindHost
              + ", which other machines can reach, with no token");
    }
  }

  /** On an ephemeral port. */
  public NetworkSettings(
      String bindHost,
      boolean tokenRequired,
      String tokenOverride,
      List<String> allowedOrigins,
      List<String> hostNames) {
    this(bindHost, tokenRequired, tokenOverride, allowedOrigins, hostNames, 0);
  }

  /** These settings listening on {@code port} instead, with {@code token} when not null. */
  public NetworkSettings on(int port, String token) {
    return new NetworkSettings(
        bindHost,
        tokenRequired,
        token != null ? token : tokenOverride,
        allowedOrigins,
        hostNames,
        port);
  }

  /** Without extra host names. */
  public NetworkSettings(
      String bindHost, boolean tokenRequired, String tokenOverride, List<String> allowedOrigins) {
    this(bindHost, tokenRequired, tokenOverride, allowedOrigins, List.of());
  }

  /**
   * Reads {@code KXM_RUNTIME_BIND}, {@code KXM_RUNTIME_TOKEN}, {@code KXM_ALLOWED_ORIGINS} and
   * {@code KXM_RUNTIME_HOSTS}.
   *
   * @param bind {@code --bind}, which wins over {@code KXM_RUNTIME_BIND}; null when not given
   * @param noToken {@code --no-token}
   */
  public static NetworkSettings fromEnvironment(
      Map<String, String> env, String bind, boolean noToken) {
    String host = bind != null ? bind : env.getOrDefault("KXM_RUNTIME_BIND", "");
    String token = env.get("KXM_RUNTIME_TOKEN");
    return new NetworkSettings(
        host.isBlank() ? DEFAULT_BIND : host,
        !noToken,
        token == null || token.isEmpty() ? null : token,
        EnvSettings.of(env).list("KXM_ALLOWED_ORIGINS"),
        EnvSettings.of(env).list("KXM_RUNTIME_HOSTS"));
  }

  /**
   * The network settings of {@code kxm runtime serve}: as {@link #fromEnvironment}, with {@code
   * --bind HOST[:PORT]} (port 0, ephemeral, when left out; an IPv6 address with a port goes in
   * brackets) and the token of {@code --token-file}, which wins over {@code KXM_RUNTIME_TOKEN}. A
   * non-loopback bind needs one of the two: the token file a server creates by itself is for local
   * clients only.
   *
   * @param bind null when not given
   * @param fileToken the token read from {@code --token-file}; null when not given
   * @throws KxmException {@code config_invalid}, {@code runtime_bind_requires_token}
   */
  public static NetworkSettings forServer(Map<String, String> env, String bind, String fileToken) {
    BindAddress address = BindAddress.parse(bind);
    NetworkSettings settings =
        fromEnvironment(env, address.host(), false).on(address.port(), fileToken);
    if (!settings.isLoopback() && settings.tokenOverride() == null) {
      throw new KxmException(
          ErrorCode.RUNTIME_BIND_REQUIRES_TOKEN,
          "the runtime server would listen on "
              + settings.bindHost()
              + ", which other machines can reach, with no token configured; nothing was started",
          "Set KXM_RUNTIME_TOKEN (at least "
              + MIN_TOKEN_LENGTH
              + " characters) or pass --token-file, or bind to 127.0.0.1.");
    }
    return settings;
  }

  /** Whether only this machine can reach the bind address. */
  public boolean isLoopback() {
    return Loopback.isLoopback(bindHost);
  }

  /** Whether it listens on every interface (0.0.0.0 or ::). */
  public boolean isWildcard() {
    return Loopback.literal(bindHost).map(InetAddress::isAnyLocalAddress).orElse(false);
  }

  /** The host local clients put in the URL: loopback unless bound to one other address. */
  public String clientHost() {
    if (isWildcard()) {
      return "127.0.0.1";
    }
    return Loopback.hostForm(Loopback.literal(bindHost).orElseThrow());
  }

  @Override
  public String toString() {
    return "NetworkSettings[bindHost=%s, port=%d, tokenRequired=%s, tokenOverride=%s, allowedOrigins=%s, hostNames=%s]"
        .formatted(
            bindHost,
            port,
            tokenRequired,
            tokenOverride == null ? "unset" : "set",
            allowedOrigins,
            hostNames);
  }

  private static String bindAddress(String host) {
    if (host == null || host.strip().equalsIgnoreCase("localhost")) {
      return DEFAULT_BIND;
    }
    return Loopback.literal(host)
        .map(InetAddress::getHostAddress)
        .orElseThrow(() ->
            EnvSettings.invalid(
                "KXM_RUNTIME_BIND",
                "must be an IP address or localhost, got '"
                    + printable(host)
                    + "'; names that need DNS are refused"));
  }

  private static void checkToken(String token) {
    if (token.length() < MIN_TOKEN_LENGTH) {
      throw EnvSettings.invalid(
          "KXM_RUNTIME_TOKEN", "must be at least " + MIN_TOKEN_LENGTH + " characters");
    }
    if (!token.chars().allMatch(c -> c > ' ' && c < 127)) {
      throw EnvSettings.invalid("KXM_RUNTIME_TOKEN", "may hold only visible ASCII characters");
    }
  }

  private static List<String> origins(List<String> origins) {
    return origins.stream()
        .map(o ->
            Origins.normalize(o)
                .orElseThrow(() ->
                    EnvSettings.invalid(
                        "KXM_ALLOWED_ORIGINS",
                        "entries must be exact origins like http://localhost:5173, got '"
                            + printable(o)
                            + "'")))
        .distinct()
        .toList();
  }

  private static List<String> hostNames(List<String> names) {
    List<String> out = new ArrayList<>();
    for (String name : names) {
      String n = name.strip().toLowerCase(Locale.ROOT);
      if (Loopback.literal(n).isPresent()) {
        out.add(Loopback.hostForm(Loopback.literal(n).get()));
      } else if (HOST_NAME.matcher(n).matches()) {
        out.add(n);
      } else {
        throw EnvSettings.invalid(
            "KXM_RUNTIME_HOSTS",
            "entries must be host names or IP addresses without a port, got '"
                + printable(name)
                + "'");
      }
    }
    return List.copyOf(out);
  }

  static String printable(String value) {
    String clean = value.replaceAll("[^\\x20-\\x7e]", "?");
    return clean.length() > 100 ? clean.substring(0, 100) + "…" : clean;
  }
}
