package io.kxm.cli.setup;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * {@code kxm setup claude|codex|pi} against real files in a real Git repository: the change is
 * shown first, a dry run writes nothing, a second run changes nothing, every key and comment kxm
 * does not own survives, and a token never goes where Git would keep it.
 */
class SetupCommandTest {
  static final String LAUNCHER = "/opt/kxm/bin/kxm";

  @TempDir Path dir;
  Path project;
  Map<String, String> env;

  record Ran(int exit, String out, String err) {}

  @BeforeEach
  void repository() throws Exception {
    project = Files.createDirectories(dir.resolve("web"));
    git(project, "init", "-q");
    env = new HashMap<>(TestEnv.of(dir));
    env.put("KXM_BIN", LAUNCHER);
    env.put("PATH", System.getenv("PATH"));
    env.remove("KXM_PROJECT");
  }

  Ran run(Path in, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = new Cli(env, in, new PrintWriter(out, true), new PrintWriter(err, true)).run(args);
    return new Ran(exit, out.toString(), err.toString());
  }

  @Test
  void codex_setup_writes_the_server_and_the_hook_then_a_second_run_changes_nothing()
      throws Exception {
    Path sub = Files.createDirectories(project.resolve("src/app"));
    Ran first = run(sub, "setup", "codex", "--project", "alpha", "--name", "codex-main");

    assertThat(first.exit()).as(first.err()).isZero();
    Path config = project.resolve(".codex/config.toml");
    assertThat(first.out()).contains("+++ b/.codex/config.toml").contains("wrote 2 file(s)");
    assertThat(first.out()).contains("--dangerously-bypass-hook-trust").contains("--trust");
    JsonNode server = new TomlMapper().readTree(Files.readString(config)).path("mcp_servers");
    assertThat(server.path("kxm").path("command").asString()).isEqualTo(LAUNCHER);
    assertThat(server.path("kxm").path("args").path(0).asString()).isEqualTo("mcp");
    assertThat(server.path("kxm").path("env").path("KXM_PROJECT").asString()).isEqualTo("alpha");
    assertThat(server.path("kxm").path("env").path("KXM_AGENT_NAME").asString())
        .isEqualTo("codex-main");
    assertThat(server.path("kxm").path("env_vars").toString()).contains("KXM_AUTH_TOKEN");
    assertThat(Files.readString(config)).doesNotContain("test-alpha-token");
    JsonNode hooks = Json.read(Files.readString(project.resolve(".codex/hooks.json")));
    assertThat(hooks.at("/hooks/SessionStart/0/hooks/0/command").asString())
        .isEqualTo(LAUNCHER + " hook session-start");

    String written = Files.readString(config);
    Ran second = run(sub, "setup", "codex", "--project", "alpha", "--name", "codex-main");
    assertThat(second.exit()).as(second.err()).isZero();
    assertThat(second.out()).contains("nothing to change").doesNotContain("+++");
    assertThat(Files.readString(config)).isEqualTo(written);
  }

  @Test
  void codex_setup_keeps_other_tables_comments_and_its_own_extra_keys() throws Exception {
    Path config = project.resolve(".codex/config.toml");
    Files.createDirectories(config.getParent());
    String before =
        """
        # my settings
        model = "gpt-5"   # the model I like
        notes = \"\"\"
        [mcp_servers.kxm]
        not a table, a string\"\"\"

        [mcp_servers.docs]
        command = "docs-mcp"

        [mcp_servers.kxm]
        command = "/old/kxm"
        args = ["mcp"]
        enabled_tools = ["kxm_list",
          "kxm_send"]

        [mcp_servers.kxm.env]
        KXM_PROJECT = "old"
        MY_VAR = "kept"

        # the profile
        [profiles.fast]
        model = "gpt-5-mini"
        """;
    Files.writeString(config, before);

    Ran ran = run(project, "setup", "codex", "--project", "alpha");

    assertThat(ran.exit()).as(ran.err()).isZero();
    String after = Files.readString(config);
    assertThat(after)
        .startsWith("# my settings\nmodel = \"gpt-5\"   # the model I like\n")
        .contains("[mcp_servers.kxm]\nnot a table, a string\"\"\"")
        .contains("[mcp_servers.docs]\ncommand = \"docs-mcp\"")
        .contains("enabled_tools = [\"kxm_list\",\n  \"kxm_send\"]")
        .contains("MY_VAR = \"kept\"")
        .contains("# the profile\n[profiles.fast]\nmodel = \"gpt-5-mini\"")
        .doesNotContain("/old/kxm")
        .doesNotContain("\"old\"");
    JsonNode doc = new TomlMapper().readTree(after);
    assertThat(doc.at("/mcp_servers/kxm/command").asString()).isEqualTo(LAUNCHER);
    assertThat(doc.at("/mcp_servers/kxm/env/KXM_PROJECT").asString()).isEqualTo("alpha");
    assertThat(doc.at("/mcp_servers/kxm/env/MY_VAR").asString()).isEqualTo("kept");
    assertThat(doc.at("/mcp_servers/docs/command").asString()).isEqualTo("docs-mcp");
    assertThat(doc.at("/profiles/fast/model").asString()).isEqualTo("gpt-5-mini");
    assertThat(ran.out()).contains("-command = \"/old/kxm\"").contains("+command = \"" + LAUNCHER);

    Ran again = run(project, "setup", "codex", "--project", "alpha");
    assertThat(again.out()).contains("nothing to change");
    assertThat(Files.readString(config)).isEqualTo(after);
  }

  @Test
  void a_dry_run_shows_the_change_and_writes_nothing() {
    Ran ran = run(project, "setup", "codex", "--project", "alpha", "--dry-run");

    assertThat(ran.exit()).as(ran.err()).isZero();
    assertThat(ran.out())
        .contains("--- /dev/null")
        .contains("+[mcp_servers.kxm]")
        .contains("dry run: nothing written");
    assertThat(project.resolve(".codex")).doesNotExist();
  }

  @Test
  void json_output_names_each_file_and_whether_it_changed() throws Exception {
    Ran ran = run(project, "setup", "claude", "--project", "alpha", "--json");
    assertThat(ran.exit()).as(ran.err()).isZero();
    JsonNode first = Json.read(ran.out());
    assertThat(first.path("changed").asBoolean()).isTrue();
    assertThat(first.path("files").path(0).path("state").asString()).isEqualTo("created");

    JsonNode second =
        Json.read(run(project, "setup", "claude", "--project", "alpha", "--json").out());
    assertThat(second.path("changed").asBoolean()).isFalse();
    assertThat(second.path("files").path(0).path("state").asString()).isEqualTo("unchanged");
  }

  @Test
  void a_kxm_server_set_by_dotted_keys_is_refused_rather_than_doubled() throws Exception {
    Path config = project.resolve(".codex/config.toml");
    Files.createDirectories(config.getParent());
    String before = "[mcp_servers]\nkxm = { command = \"kxm\", args = [\"mcp\"] }\n";
    Files.writeString(config, before);

    Ran ran = run(project, "setup", "codex", "--project", "alpha");

    assertThat(ran.exit()).isEqualTo(1);
    assertThat(ran.err()).contains("error: setup_conflict:").contains("next:");
    assertThat(Files.readString(config)).isEqualTo(before);
  }

  @Test
  void a_file_that_is_no_toml_is_refused_and_left_alone() throws Exception {
    Path config = project.resolve(".codex/config.toml");
    Files.createDirectories(config.getParent());
    Files.writeString(config, "model = \n");

    Ran ran = run(project, "setup", "codex", "--project", "alpha");

    assertThat(ran.exit()).isEqualTo(1);
    assertThat(ran.err()).contains("error: setup_file_invalid:");
    assertThat(Files.readString(config)).isEqualTo("model = \n");
  }

  @Test
  void codex_user_setup_writes_codex_home_and_leaves_the_project_to_the_folder() throws Exception {
    Path home = dir.resolve("codex-home");
    env.put("CODEX_HOME", home.toString());

    Ran ran = run(project, "setup", "codex", "--user");

    assertThat(ran.exit()).as(ran.err()).isZero();
    JsonNode doc = new TomlMapper().readTree(Files.readString(home.resolve("config.toml")));
    assertThat(doc.at("/mcp_servers/kxm/env/KXM_PROJECT").isMissingNode()).isTrue();
    assertThat(doc.at("/mcp_servers/kxm/env_vars").toString()).contains("KXM_PROJECT");
    assertThat(home.resolve("hooks.json")).exists();
    assertThat(project.resolve(".codex")).doesNotExist();
  }

  @Test
  void claude_setup_adds_kxm_and_keeps_the_other_servers_and_settings() throws Exception {
    Files.writeString(
        project.resolve(".mcp.json"),
        """
        {"mcpServers": {"docs": {"command": "docs-mcp", "args": ["--fast"]}}}
        """);
    Path settings = project.resolve(".claude/settings.local.json");
    Files.createDirectories(settings.getParent());
    Files.writeString(
        settings,
        """
        {"permissions": {"allow": ["Bash(ls)"]},
         "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}}
        """);

    Ran ran =
        run(
            project,
            "setup",
            "claude",
            "--project",
            "alpha",
            "--name",
            "claude-main",
            "--purpose",
            "reviews changes");

    assertThat(ran.exit()).as(ran.err()).isZero();
    JsonNode mcp = Json.read(Files.readString(project.resolve(".mcp.json")));
    assertThat(mcp.at("/mcpServers/docs/args/0").asString()).isEqualTo("--fast");
    assertThat(mcp.at("/mcpServers/kxm/type").asString()).isEqualTo("stdio");
    assertThat(mcp.at("/mcpServers/kxm/command").asString()).isEqualTo(LAUNCHER);
    assertThat(mcp.at("/mcpServers/kxm/args/0").asString()).isEqualTo("mcp");
    assertThat(mcp.at("/mcpServers/kxm/args/1").asString()).isEqualTo("--channel");
    assertThat(mcp.at("/mcpServers/kxm/env/KXM_PROJECT").asString()).isEqualTo("alpha");
    assertThat(mcp.at("/mcpServers/kxm/env/KXM_AGENT_NAME").asString()).isEqualTo("claude-main");
    assertThat(mcp.at("/mcpServers/kxm/env/KXM_AGENT_PURPOSE").asString())
        .isEqualTo("reviews changes");
    assertThat(mcp.at("/mcpServers/kxm/env/KXM_AUTH_TOKEN").isMissingNode()).isTrue();
    JsonNode local = Json.read(Files.readString(settings));
    assertThat(local.at("/permissions/allow/0").asString()).isEqualTo("Bash(ls)");
    assertThat(local.at("/enabledMcpjsonServers").toString()).isEqualTo("[\"kxm\"]");
    assertThat(local.at("/hooks/SessionStart/0/hooks/0/command").asString()).isEqualTo("echo hi");
    assertThat(local.at("/hooks/SessionStart/1/hooks/0/command").asString())
        .isEqualTo(LAUNCHER + " hook session-start");
    assertThat(ran.out()).contains("add .claude/settings.local.json to .gitignore");

    String mcpText = Files.readString(project.resolve(".mcp.json"));
    Ran again =
        run(
            project,
            "setup",
            "claude",
            "--project",
            "alpha",
            "--name",
            "claude-main",
            "--purpose",
            "reviews changes");
    assertThat(again.out()).contains("nothing to change");
    assertThat(Files.readString(project.resolve(".mcp.json"))).isEqualTo(mcpText);
    assertThat(Json.read(Files.readString(settings)).at("/hooks/SessionStart").size()).isEqualTo(2);
  }

  @Test
  void a_token_for_a_file_git_tracks_is_refused_and_nothing_is_written() throws Exception {
    Files.writeString(project.resolve(".mcp.json"), "{\"mcpServers\": {}}\n");
    git(project, "add", ".mcp.json");
    git(project, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "x");

    Ran ran = run(project, "setup", "claude", "--project", "alpha", "--token", TestEnv.ALPHA);

    assertThat(ran.exit()).isEqualTo(1);
    assertThat(ran.err())
        .contains("error: setup_token_tracked:")
        .contains("Git tracks that file")
        .contains("next: Leave --token out")
        .doesNotContain(TestEnv.ALPHA);
    assertThat(Files.readString(project.resolve(".mcp.json"))).isEqualTo("{\"mcpServers\": {}}\n");
    assertThat(project.resolve(".claude")).doesNotExist();
  }

  @Test
  void a_token_for_a_file_git_would_add_is_refused_too() {
    Ran ran = run(project, "setup", "codex", "--project", "alpha", "--token", TestEnv.ALPHA);

    assertThat(ran.exit()).isEqualTo(1);
    assertThat(ran.err()).contains("error: setup_token_tracked:").contains("does not ignore");
    assertThat(project.resolve(".codex")).doesNotExist();
  }

  @Test
  void a_token_goes_into_a_file_outside_git_owner_only_and_masked_on_screen() throws Exception {
    Path home = dir.resolve("codex-home");
    env.put("CODEX_HOME", home.toString());

    Ran ran = run(project, "setup", "codex", "--user", "--token", TestEnv.ALPHA);

    assertThat(ran.exit()).as(ran.err()).isZero();
    assertThat(ran.out()).doesNotContain(TestEnv.ALPHA).contains("[REDACTED]");
    Path config = home.resolve("config.toml");
    assertThat(Files.readString(config)).contains("KXM_AUTH_TOKEN = \"" + TestEnv.ALPHA + "\"");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config)))
        .isEqualTo("rw-------");
  }

  @Test
  void pi_setup_lists_the_extension_of_this_kxm_and_keeps_the_other_settings() throws Exception {
    Path install = dir.resolve("install");
    Path extension = install.resolve("share/kxm/integrations/pi/index.ts");
    Files.createDirectories(extension.getParent());
    Files.writeString(extension, "export default function () {}\n");
    Path launcher = install.resolve("bin/kxm");
    Files.createDirectories(launcher.getParent());
    Files.writeString(launcher, "#!/bin/sh\n");
    env.put("KXM_BIN", launcher.toString());
    Path settings = project.resolve(".pi/settings.json");
    Files.createDirectories(settings.getParent());
    Files.writeString(
        settings,
        "{\"defaultProvider\": \"anthropic\", \"extensions\": [\"/old/integrations/pi/index.ts\","
            + " \"./mine.ts\"]}\n");

    Ran ran = run(project, "setup", "pi", "--project", "alpha");

    assertThat(ran.exit()).as(ran.err()).isZero();
    JsonNode doc = Json.read(Files.readString(settings));
    assertThat(doc.path("defaultProvider").asString()).isEqualTo("anthropic");
    assertThat(doc.path("extensions").toString())
        .isEqualTo(Json.write(List.of("./mine.ts", extension.toString())));
    assertThat(ran.out()).contains("KXM_PROJECT=alpha").contains("KXM_BIN=" + launcher);
    assertThat(run(project, "setup", "pi", "--project", "alpha").out())
        .contains("nothing to change");
  }

  @Test
  void wrong_usage_exits_2_and_a_missing_launcher_names_the_next_step() {
    assertThat(run(project, "setup").exit()).isEqualTo(2);
    assertThat(run(project, "setup", "cursor").exit()).isEqualTo(2);
    assertThat(run(project, "setup", "codex", "--name", "not a name").exit()).isEqualTo(2);
    assertThat(run(project, "setup", "pi", "--token", "x").exit()).isEqualTo(2);
    assertThat(run(project, "setup", "codex", "--help").exit()).isZero();

    env.put("KXM_BIN", "relative/kxm");
    Ran relative = run(project, "setup", "codex", "--project", "alpha");
    assertThat(relative.exit()).isEqualTo(1);
    assertThat(relative.err()).contains("error: config_invalid:").contains("KXM_BIN");
  }

  static void git(Path in, String... args) throws IOException, InterruptedException {
    List<String> argv = new java.util.ArrayList<>(List.of("git"));
    argv.addAll(List.of(args));
    Process p = new ProcessBuilder(argv).directory(in.toFile()).redirectErrorStream(true).start();
    String output =
        new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException("git " + argv + ": " + output);
    }
  }

  static String shellQuote(String word) {
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
