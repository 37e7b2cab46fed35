package io.kxm.cli.support;

import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.mcp.McpFeature;
import io.kxm.mcp.McpServerOptions;
import java.nio.file.Path;

/**
 * A real hub on port 0 for tests that need the HTTP surface but no messaging: its /mcp binds every
 * session to an {@link InMemoryPeers}. Tests that need messaging use {@code HubAssembly}.
 */
public final class TestHub {
  private TestHub() {}

  public static HubServer withMcp(Path dir) {
    HubConfig config = HubConfig.fromEnvironment(TestEnv.hub(dir), dir.resolve("project"));
    McpFeature mcp =
        new McpFeature(
            (project, agent, purpose) -> new InMemoryPeers(agent),
            McpServerOptions.defaults("test"));
    return HubServer.builder(config).feature(mcp).closeAfterStop(mcp).start();
  }
}
