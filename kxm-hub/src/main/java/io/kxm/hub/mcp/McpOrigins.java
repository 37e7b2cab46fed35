package io.kxm.hub.mcp;

import io.kxm.core.net.Loopback;
import io.kxm.hub.HubConfig;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The Host and Origin values the MCP transport accepts, derived from the hub's settings so that it
 * agrees with the hub's own browser rules. Ports are wildcards because features install before the
 * port is bound (port 0); the hub's filter in front of the transport checks the exact port.
 */
final class McpOrigins {
  private McpOrigins() {}

  static boolean checksHost(HubConfig config) {
    return Loopback.isLoopback(config.host());
  }

  /** Loopback names, with any port and without one. */
  static List<String> hosts(HubConfig config) {
    List<String> hosts = new ArrayList<>();
    for (String name : loopbackNames(config)) {
      hosts.add(name + ":*");
      hosts.add(name);
    }
    return hosts;
  }

  /** {@code KXM_ALLOWED_ORIGINS}, plus the hub's own loopback origins when bound to loopback. */
  static List<String> origins(HubConfig config) {
    List<String> origins = new ArrayList<>(config.allowedOrigins());
    if (checksHost(config)) {
      for (String name : loopbackNames(config)) {
        origins.add("http://" + name + ":*");
        origins.add("http://" + name);
      }
    }
    return origins;
  }

  private static Set<String> loopbackNames(HubConfig config) {
    Set<String> names = new LinkedHashSet<>(List.of("127.0.0.1", "localhost", "[::1]"));
    names.add(Loopback.hostHeaderForm(config.host()));
    return names;
  }
}
