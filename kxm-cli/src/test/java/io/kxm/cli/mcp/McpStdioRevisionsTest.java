package io.kxm.cli.mcp;

import io.kxm.cli.support.ChildKxm;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import io.kxm.testkit.McpClientV2;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kxm mcp} as a real child process, driven over stdio by the official TypeScript client of
 * major version 2: negotiating, it finds 2026-07-28 through {@code server/discover} and works
 * without initialize, hearing a request that arrives on a {@code subscriptions/listen}; in its
 * default legacy mode it initializes a 2025-11-25 session ({@link McpClientV2} says what each must
 * show).
 */
class McpStdioRevisionsTest {
  @TempDir Path dir;

  @Test
  void the_version_two_client_speaks_both_revisions_to_kxm_mcp_over_stdio() throws Exception {
    try (HubServer hub = RealHub.start(dir.resolve("hub"))) {
      AgentKey bob = new PlainHubClient(hub.baseUrl(), TestEnv.ALPHA).register("alpha", "bob");
      List<String> command = new ArrayList<>(List.of(ChildKxm.java()));
      command.addAll(ChildKxm.arguments("mcp"));
      Map<String, String> agent = TestEnv.agent(dir, hub.baseUrl(), "unnamed");
      agent.remove("KXM_AGENT_NAME");

      McpClientV2.assertBothRevisions(
          McpClientV2.run(
              dir,
              Map.of(
                  "KXM_COMMAND", Json.write(command),
                  "KXM_AGENT_ENV", Json.write(agent),
                  "HUB", hub.baseUrl(),
                  "TOKEN", TestEnv.ALPHA,
                  "BOB_ID", bob.id(),
                  "BOB_KEY", bob.key())));
    }
  }
}
