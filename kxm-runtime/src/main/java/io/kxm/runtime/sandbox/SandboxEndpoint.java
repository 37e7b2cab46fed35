package io.kxm.runtime.sandbox;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.net.URI;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * An address a sandboxed process may reach: a model provider's or the hub's host and port, taken
 * from its {@code http(s)} URL. Inside the sandbox the address answers on loopback ({@link
 * SandboxNetwork}); outside, the bytes go to this host and port and nowhere else.
 *
 * @param host a host name or a loopback IPv4 address, as the URL spells it (lower-cased)
 */
public record SandboxEndpoint(String host, int port) {
  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
  private static final Pattern NAME =
      Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*");

  public SandboxEndpoint {
    if (host == null || port < 1 || port > 65_535) {
      throw new IllegalArgumentException("an endpoint needs a host and a port in 1..65535");
    }
    host = host.toLowerCase(Locale.ROOT);
    if (IPV4.matcher(host).matches() ? !host.startsWith("127.") : !NAME.matcher(host).matches()) {
      throw new KxmException(
          ErrorCode.SANDBOX_UNAVAILABLE,
          "the sandbox lets a harness reach a host name or a loopback address (127.x.x.x), not "
              + host
              + ": name the provider or hub by its host name in its base URL");
    }
  }

  /**
   * The endpoint of an {@code http} or {@code https} URL, its port defaulting to 80 or 443.
   *
   * @param setting names where the URL came from in a refusal, such as {@code ANTHROPIC_BASE_URL}
   */
  public static SandboxEndpoint of(URI url, String setting) {
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    String host = url.getHost();
    if (!(scheme.equals("http") || scheme.equals("https")) || host == null) {
      throw new KxmException(
          ErrorCode.SANDBOX_UNAVAILABLE,
          setting
              + " is not an http(s) URL with a host, so the sandbox cannot let it through: "
              + url);
    }
    int port = url.getPort() > 0 ? url.getPort() : scheme.equals("https") ? 443 : 80;
    return new SandboxEndpoint(host, port);
  }

  /** Whether the host is an address rather than a name, so no name needs mapping inside. */
  boolean literal() {
    return IPV4.matcher(host).matches();
  }

  @Override
  public String toString() {
    return host + ":" + port;
  }
}
