package io.kxm.hub.mcp;

import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.McpClientV2;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The official TypeScript client of major version 2 against the hub's /mcp: negotiating ({@code
 * mode: 'auto'}) it finds 2026-07-28 through {@code server/discover} and works statelessly, a
 * request that arrives pushed on a {@code subscriptions/listen} stream; in its default legacy mode
 * it initializes a 2025-11-25 session ({@link McpClientV2} says what each must show).
 */
class McpClientV2Test {

  @Test
  void the_version_two_client_speaks_2026_07_28_when_it_negotiates_and_2025_11_25_by_default()
      throws Exception {
    Path dir = Files.createTempDirectory("kxm-mcp-client-v2");
    try (HubServer hub = HubAssembly.start(TestHubs.withTokens(dir), Map.of())) {
      AgentKey bob = new PlainHubClient(hub.baseUrl(), TestHubs.ALPHA).register("alpha", "bob");

      McpClientV2.assertBothRevisions(
          McpClientV2.run(
              dir,
              Map.of(
                  "HUB", hub.baseUrl(),
                  "TOKEN", TestHubs.ALPHA,
                  "BOB_ID", bob.id(),
                  "BOB_KEY", bob.key())));
    }
  }
}
