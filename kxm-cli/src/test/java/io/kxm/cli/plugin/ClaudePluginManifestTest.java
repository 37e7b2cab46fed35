package io.kxm.cli.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.testkit.AgentClis;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The marketplace and the Claude Code plugin as files: the real CLI's strict validation, and what
 * the manifest promises about settings and the token.
 */
class ClaudePluginManifestTest {
  @TempDir Path dir;

  Map<String, String> env(Path claude) {
    return Map.of(
        "HOME", dir.resolve("home").toString(),
        "CLAUDE_CONFIG_DIR", dir.resolve("claude").toString(),
        "PATH", claude.getParent() + File.pathSeparator + "/usr/bin:/bin");
  }

  @Test
  void claude_plugin_validate_strict_passes_on_the_marketplace_and_the_plugin() {
    Path claude = AgentClis.require("claude");
    Path root = PluginFiles.repositoryRoot();

    for (Path target : List.of(root, root.resolve(PluginFiles.PLUGIN))) {
      PluginFiles.Ran ran =
          PluginFiles.run(
              root,
              env(claude),
              Duration.ofSeconds(60),
              List.of(claude.toString(), "plugin", "validate", "--strict", target.toString()));

      assertThat(ran.exit()).as(ran.out() + ran.err()).isZero();
      assertThat(ran.out()).contains("Validation passed");
    }
  }

  @Test
  void the_marketplace_holds_the_kxm_plugin_from_this_repository() throws Exception {
    JsonNode marketplace =
        Json.read(Files.readString(PluginFiles.repositoryRoot().resolve(PluginFiles.MARKETPLACE)));

    assertThat(marketplace.path("name").asString()).isEqualTo("kxm");
    assertThat(marketplace.path("plugins")).hasSize(1);
    assertThat(marketplace.path("plugins").get(0).path("name").asString()).isEqualTo("kxm");
    assertThat(marketplace.path("plugins").get(0).path("source").asString())
        .isEqualTo("./" + PluginFiles.PLUGIN);
  }

  @Test
  void the_mcp_server_is_kxm_mcp_as_a_channel_and_gets_the_token_only_from_the_sensitive_setting()
      throws Exception {
    Path plugin = PluginFiles.repositoryRoot().resolve(PluginFiles.PLUGIN);
    JsonNode manifest = Json.read(Files.readString(plugin.resolve(".claude-plugin/plugin.json")));

    JsonNode options = manifest.path("userConfig");
    assertThat(options.propertyNames())
        .containsExactlyInAnyOrder(
            "hub_url", "project", "agent_name", "agent_purpose", "auth_token");
    assertThat(options.path("auth_token").path("sensitive").asBoolean()).isTrue();
    JsonNode server = manifest.path("mcpServers").path("kxm");
    assertThat(server.path("command").asString()).isEqualTo("${KXM_BIN:-kxm}");
    assertThat(Json.write(server.path("args"))).isEqualTo("[\"mcp\",\"--channel\"]");
    assertThat(server.path("env").path("KXM_AUTH_TOKEN").asString())
        .isEqualTo("${user_config.auth_token}");
    assertThat(Json.write(manifest)).doesNotContain("ADMIN");
    String hooks = Files.readString(plugin.resolve("hooks/hooks.json"));
    JsonNode hook = Json.read(hooks).path("hooks").path("SessionStart").get(0).path("hooks").get(0);
    assertThat(hook.path("command").asString()).contains("hook session-start");
    assertThat(hook.path("timeout").asInt()).isBetween(1, 10);
    assertThat(hook.path("command").asString()).doesNotContain("${user_config.");
    assertThat(Files.readString(plugin.resolve("skills/kxm/SKILL.md")))
        .contains("kxm_send")
        .contains("kxm_await")
        .contains("kxm_reply")
        .contains("kxm_context")
        .contains("kxm_workflow_checkpoint");
  }
}
