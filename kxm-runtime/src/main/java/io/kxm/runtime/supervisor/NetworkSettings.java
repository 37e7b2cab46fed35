package io.kxm.runtime.supervisor;

import java.util.List;

/**
 * The supervisor's network boundary.
 *
 * @param bindHost the address it listens on; loopback unless set ({@code KXM_RUNTIME_BIND})
 * @param tokenRequired false only with {@code --no-token}, which a non-loopback bind refuses
 * @param tokenOverride a token from {@code KXM_RUNTIME_TOKEN} that replaces the token file; null
 *     when unset
 * @param allowedOrigins browser origins allowed to call ({@code KXM_ALLOWED_ORIGINS}); empty
 *     refuses every Origin
 */
public record NetworkSettings(
    String bindHost, boolean tokenRequired, String tokenOverride, List<String> allowedOrigins) {
  public static final NetworkSettings LOOPBACK =
      new NetworkSettings("127.0.0.1", true, null, List.of());

  public NetworkSettings {
    allowedOrigins = List.copyOf(allowedOrigins);
  }
}
