package io.kxm.cli.setup;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.cli.support.ChildKxm;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.RecordedRequest;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.ToolResult;
import io.kxm.testkit.provider.Turn;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The real {@code codex} CLI against the fake model provider and a real hub, configured the two
 * ways a person would: the plugin of this repository installed with codex's own marketplace
 * commands, and the configuration {@code kxm setup codex} writes. Either way codex starts {@code
 * kxm mcp} (through a {@code kxm} script on its PATH), the model calls a kxm tool, and the hub's
 * answer reaches the model; the SessionStart hook runs {@code kxm hook session-start}.
 */
class CodexRealCliTest {
  static final String TOOL = "mcp__kxm__kxm_list";

  @TempDir Path dir;
  HubServer hub;
  FakeProvider provider;
  Path codexHome;
  Path calls;
  Path hookOutput;
  Path bin;

  @BeforeEach
  void start() throws IOException {
    AgentClis.require("codex");
    hub = RealHub.start(dir.resolve("hub"));
    provider = FakeProvider.start();
    codexHome = Files.createDirectories(dir.resolve("codex-home"));
    Files.writeString(
        codexHome.resolve("config.toml"),
        "model_provider = \"fake\"\n"
            + "approval_policy = \"never\"\n\n"
            + "[model_providers.fake]\n"
            + "name = \"fake\"\n"
            + "base_url = \""
            + provider.openAiBaseUrl()
            + "\"\n"
            + "env_key = \"OPENAI_API_KEY\"\n"
            + "wire_api = \"responses\"\n");
    calls = dir.resolve("kxm-calls.log");
    hookOutput = dir.resolve("hook-output.txt");
    bin = Files.createDirectories(dir.resolve("bin"));
    writeKxmScript(bin.resolve("kxm"), calls, hookOutput);
  }

  @AfterEach
  void stop() {
    if (provider != null) {
      provider.close();
    }
    if (hub != null) {
      hub.stop();
    }
  }

  @Test
  void the_plugin_installed_from_this_repository_serves_a_kxm_tool_from_the_hub() throws Exception {
    Path repository = Path.of("").toAbsolutePath().getParent();
    assertThat(repository.resolve(".agents/plugins/marketplace.json")).exists();
    Map<String, String> env = codexEnv("codex-plugin");

    JsonNode added =
        Json.read(codex(env, dir, "plugin", "marketplace", "add", repository.toString(), "--json"));
    assertThat(added.path("marketplaceName").asString()).isEqualTo("kxm");
    JsonNode installed = Json.read(codex(env, dir, "plugin", "add", "kxm@kxm", "--json"));
    assertThat(installed.path("pluginId").asString()).isEqualTo("kxm@kxm");
    assertThat(Path.of(installed.path("installedPath").asString()).resolve(".mcp.json")).exists();

    Path workspace = Files.createDirectories(dir.resolve("workspace"));
    String answer = exec(env, workspace, List.of("--skip-git-repo-check"));

    assertCalled(answer, "codex-plugin");
  }

  @Test
  void the_configuration_kxm_setup_codex_writes_serves_a_kxm_tool_from_the_hub() throws Exception {
    Path workspace = Files.createDirectories(dir.resolve("web"));
    SetupCommandTest.git(workspace, "init", "-q");
    Map<String, String> setupEnv = new HashMap<>(TestEnv.of(dir));
    setupEnv.put("KXM_BIN", bin.resolve("kxm").toString());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        new Cli(setupEnv, workspace, new PrintWriter(out, true), new PrintWriter(err, true))
            .run("setup", "codex", "--project", "alpha", "--name", "codex-setup");
    assertThat(exit).as(err.toString()).isZero();
    assertThat(workspace.resolve(".codex/config.toml")).exists();

    Map<String, String> env = codexEnv("unused-name");
    // the name comes from the project's configuration, not from the shell
    env.remove("KXM_AGENT_NAME");
    env.remove("KXM_PROJECT");
    // codex reads .codex/ of a trusted project only; --trust is how a person says so
    String answer = exec(env, workspace, List.of("--trust"));

    assertCalled(answer, "codex-setup");
  }

  /**
   * codex exec with the scripted model: it waits until the kxm tools are offered, then calls one.
   */
  private String exec(Map<String, String> env, Path workspace, List<String> extra)
      throws Exception {
    provider.when(Rule.whenToolResultFor(TOOL, Turn.text("kxm answered")));
    // codex starts MCP servers beside the first model request; until kxm's JVM is ready the
    // model waits with a short shell command, then calls the tool once codex offers it
    provider.when(
        new Rule(
            "kxm tools not offered yet",
            r -> !r.offeredToolNames().contains(TOOL),
            Turn.toolCall("exec_command", "{\"cmd\":\"sleep 2\"}")));
    provider.enqueue(Turn.toolCall(TOOL, "{}"));
    List<String> argv =
        new ArrayList<>(
            List.of(
                "exec",
                "--json",
                "--ephemeral",
                "--dangerously-bypass-hook-trust",
                "--color",
                "never",
                "-m",
                "gpt-5-codex"));
    argv.addAll(extra);
    argv.add("Who is in this project?");
    return codex(env, workspace, argv.toArray(String[]::new));
  }

  private void assertCalled(String output, String agentName) throws IOException {
    assertThat(output).contains("kxm answered");
    List<ToolResult> results =
        provider.requests().stream()
            .flatMap(r -> r.toolResults().stream())
            .filter(r -> r.toolName().equals(TOOL))
            .toList();
    assertThat(results)
        .singleElement()
        .satisfies(r -> assertThat(r.output()).contains("\"name\":\"" + agentName + "\""));
    List<String> invoked = Files.readAllLines(calls);
    assertThat(invoked).contains("mcp").contains("hook session-start");
    if (hasHookCommand()) {
      // the brief the hook printed is context of the model's first request
      String brief = Files.readString(hookOutput).strip();
      assertThat(brief).isNotEmpty();
      String firstLine = brief.lines().findFirst().orElseThrow();
      String escaped = Json.write(firstLine);
      RecordedRequest first = provider.requests().getFirst();
      assertThat(first.rawBody()).contains(escaped.substring(1, escaped.length() - 1));
    }
  }

  /** Whether this build has {@code kxm hook session-start}, whose brief then reaches the model. */
  private static boolean hasHookCommand() {
    return new Cli(
            Map.of(),
            Path.of("."),
            new PrintWriter(new StringWriter()),
            new PrintWriter(new StringWriter()))
        .commandLine()
        .getSubcommands()
        .containsKey("hook");
  }

  private Map<String, String> codexEnv(String agentName) {
    Map<String, String> env = new HashMap<>(TestEnv.agent(dir, hub.baseUrl(), agentName));
    env.put("CODEX_HOME", codexHome.toString());
    env.put("OPENAI_API_KEY", "sk-test-codex-key");
    env.put(
        "PATH", bin + File.pathSeparator + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    return env;
  }

  private static String codex(Map<String, String> env, Path in, String... args)
      throws IOException, InterruptedException {
    List<String> argv = new ArrayList<>();
    argv.add(AgentClis.require("codex").toString());
    argv.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(argv).directory(in.toFile());
    builder.environment().clear();
    builder.environment().putAll(env);
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Path err = Files.createTempFile(in, "codex-", ".err");
    builder.redirectError(err.toFile());
    Process process = builder.start();
    byte[] out = process.getInputStream().readAllBytes();
    if (!process.waitFor(3, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("codex " + args[0] + " ran past 3 minutes");
    }
    String stdout = new String(out, StandardCharsets.UTF_8);
    assertThat(process.exitValue())
        .as("codex %s: %s %s", String.join(" ", args), stdout, Files.readString(err))
        .isZero();
    return stdout;
  }

  /**
   * A {@code kxm} on codex's PATH that notes each call and runs the built CLI; what the hook prints
   * is kept beside the calls, to be found again in the model's first request.
   */
  private static void writeKxmScript(Path script, Path calls, Path hookOutput) throws IOException {
    List<String> argv =
        new ArrayList<>(List.of(ChildKxm.java(), "--enable-native-access=ALL-UNNAMED"));
    argv.addAll(ChildKxm.arguments());
    String command =
        argv.stream().map(SetupCommandTest::shellQuote).collect(Collectors.joining(" "));
    String output = SetupCommandTest.shellQuote(hookOutput.toString());
    Files.writeString(
        script,
        "#!/bin/sh\nprintf '%s\\n' \"$*\" >> "
            + SetupCommandTest.shellQuote(calls.toString())
            + "\nif [ \"$1\" = hook ]; then\n  "
            + command
            + " \"$@\" > "
            + output
            + "\n  status=$?\n  cat "
            + output
            + "\n  exit $status\nfi\nexec "
            + command
            + " \"$@\"\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
  }
}
