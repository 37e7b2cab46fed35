package io.kxm.cli.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.client.AgentConnection;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolContext;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The five context tools through the agent's HTTP port, as {@code kxm mcp} serves them over stdio:
 * catalog definition, HTTP client and hub routes together.
 */
class ContextToolsOverHttpTest {
  @TempDir Path dir;

  private static JsonNode call(ToolContext agent, String tool, String arguments) {
    return ToolCatalog.standard().find(tool).orElseThrow().call(Json.read(arguments), agent);
  }

  @Test
  void an_agent_uses_every_context_tool_over_http() {
    Map<String, String> hubEnv = TestEnv.hub(dir);
    try (HubServer hub =
        HubAssembly.start(HubConfig.fromEnvironment(hubEnv, dir.resolve("project")), hubEnv)) {
      Map<String, String> operator = TestEnv.of(dir);
      operator.put("KXM_SERVER_URL", hub.baseUrl());
      operator.put("KXM_PROJECT", "alpha");
      operator.put("KXM_AUTH_TOKEN", TestEnv.ADMIN);
      CliRun.Result added =
          CliRun.run(
              operator,
              dir,
              "context",
              "add",
              "--kind",
              "skill",
              "--summary",
              "run the migration dry-run before deploying",
              "--origin",
              "git",
              "--authority",
              "instruction",
              "--as",
              "ops");
      assertThat(added.exit()).as(added.err()).isZero();

      PrintWriter sink = new PrintWriter(new StringWriter());
      CliContext context =
          new CliContext(TestEnv.agent(dir, hub.baseUrl(), "implementer-1"), dir, sink, sink);
      try (AgentConnection agent =
          AgentConnection.open(AgentSettings.resolve(context, "ctx"), Clock.systemUTC())) {
        ToolContext tools = ToolContext.of(agent.peers());

        JsonNode packet =
            call(
                tools,
                "kxm_context",
                "{\"role\":\"implementer\",\"task\":\"deploy the migration\"}");
        assertThat(packet.path("packet").path("items").get(0).path("summary").asString())
            .contains("migration dry-run");
        JsonNode recall = call(tools, "kxm_recall", "{\"query\":\"migration dry-run\"}");
        assertThat(recall.path("items").get(0).path("exactPhrase").asBoolean()).isTrue();
        assertThat(call(tools, "kxm_episode", "{}").path("episodes").isArray()).isTrue();
        JsonNode proposed =
            call(
                tools,
                "kxm_promote",
                "{\"key\":\"deploy.window\",\"summary\":\"weekdays only\",\"authority\":"
                    + "\"hypothesis\",\"confidence\":\"uncertain\",\"evidenceRefs\":[\"r1\"]}");
        assertThat(proposed.path("proposalId").asString()).startsWith("cpr_");
        assertThat(call(tools, "kxm_state", "{\"key\":\"deploy.window\"}").path("state").isNull())
            .isTrue();
        assertThatThrownBy(() -> call(tools, "kxm_state", "{\"key\":\"k\",\"project\":\"beta\"}"))
            .isInstanceOfSatisfying(
                KxmException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.CONTEXT_ISOLATION_VIOLATION));
      }
    }
  }
}
