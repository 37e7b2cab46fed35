package io.kxm.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kxm.core.tool.ToolCatalog;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The distribution as a user gets it: the archive unpacked into an empty folder, installed by its
 * own script into a temporary home, and the installed {@code kxm} run from a folder outside the
 * repository whose PATH holds no Maven, no java and no sources: a hub in the foreground, a project
 * token, an agent's peer list, and {@code kxm mcp} over stdio.
 */
class DistributionIT {
  /** What the scripts and the test may call: a PATH of these alone keeps Maven and java out. */
  static final List<String> TOOLS =
      List.of(
          "sh",
          "tar",
          "gzip",
          "cat",
          "cp",
          "dirname",
          "head",
          "ln",
          "mkdir",
          "mktemp",
          "mv",
          "readlink",
          "rm",
          "sed",
          "sort",
          "find",
          "ls",
          "env",
          // the launcher's training run of a server's start-up cache waits for its address
          "grep",
          "sleep");

  static final Pattern HUB_UP = Pattern.compile("KXM hub is up at (http://\\S+)");
  static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path tmp;

  @Test
  void
      the_archive_installs_for_one_user_and_its_kxm_runs_a_hub_an_agent_and_mcp_outside_the_repository()
          throws Exception {
    Path archive = Path.of(property("kxm.dist.archive"));
    if (!Files.isRegularFile(archive)) {
      fail(
          "no distribution archive at %s: build it first (./mvnw -pl kxm-dist -am package)",
          archive);
    }
    Map<String, String> env = baseEnv();
    env.put("JAVA_HOME", System.getProperty("java.home"));

    try (Processes processes = new Processes(Files.createDirectories(tmp.resolve("logs")))) {
      Path binDir = unpackAndInstall(processes, archive, env, "the JDK at " + env.get("JAVA_HOME"));
      runFromOutside(processes, env, binDir);
    }
  }

  @Test
  void the_runtime_archive_runs_with_no_jdk_named_anywhere() throws Exception {
    String built = System.getProperty("kxm.dist.runtime.archive", "");
    assumeTrue(!built.isBlank(), "the runtime archive is built by ./mvnw -Pjlink only");
    Path archive = Path.of(built);
    if (!Files.isRegularFile(archive)) {
      fail("no runtime archive at %s although the jlink profile is on", archive);
    }
    Map<String, String> env = baseEnv();

    try (Processes processes = new Processes(Files.createDirectories(tmp.resolve("logs")))) {
      Path binDir = unpackAndInstall(processes, archive, env, "the runtime image bundled in");
      runFromOutside(processes, env, binDir);
    }
  }

  /** HOME in the temporary folder, a PATH of the few tools only, nothing else inherited. */
  Map<String, String> baseEnv() throws IOException {
    Map<String, String> env = new HashMap<>();
    env.put("HOME", Files.createDirectories(tmp.resolve("home")).toString());
    env.put("PATH", tools(Files.createDirectories(tmp.resolve("tools"))).toString());
    env.put("LANG", "C.UTF-8");
    return env;
  }

  /**
   * Unpacks the archive into an empty folder and installs it with its install.sh (a dry run, the
   * install, and the install again); returns the bin folder that holds the kxm link.
   */
  Path unpackAndInstall(Processes processes, Path archive, Map<String, String> env, String java)
      throws Exception {
    String version = property("kxm.dist.version");
    Path unpackDir = Files.createDirectories(tmp.resolve("unpacked"));
    expectSuccess(
        processes.run(env, unpackDir, List.of("tar", "-xzf", archive.toString())), "tar -xzf");
    Path tree = unpackDir.resolve("kxm-" + version);
    try (var top = Files.list(unpackDir)) {
      assertThat(top.toList()).as("the archive's top folder").containsExactly(tree);
    }
    assertThat(tree.resolve("bin/kxm")).isExecutable();
    assertThat(tree.resolve("install.sh")).isExecutable();
    assertThat(tree.resolve("lib/kxm.jar")).isRegularFile();
    assertThat(tree.resolve("share/doc/kxm/README.md")).isRegularFile();
    assertThat(tree.resolve("share/doc/kxm/docs/install.md")).isRegularFile();
    assertThat(tree.resolve("share/kxm/VERSION")).content().isEqualToIgnoringNewLines(version);
    assertIntegrationsCopied(tree.resolve("share/kxm"));

    Path home = Path.of(env.get("HOME"));
    Path installDir = home.resolve(".local/share/kxm");
    Path binDir = home.resolve(".local/bin");
    List<String> install = List.of(tree.resolve("install.sh").toString());

    Processes.Result dry = processes.run(env, tree, withArg(install, "--dry-run"));
    expectSuccess(dry, "install.sh --dry-run");
    assertThat(dry.out()).contains("would copy").contains("would link");
    assertThat(home.resolve(".local")).as("what a dry run leaves").doesNotExist();

    Processes.Result first = processes.run(env, tree, install);
    expectSuccess(first, "install.sh");
    assertThat(first.out())
        .contains("copied " + tree + " to " + installDir.resolve(version))
        .contains("linked " + binDir.resolve("kxm"))
        .contains("will run on " + java)
        .contains("export PATH=\"" + binDir + ":$PATH\"");
    Processes.Result again = processes.run(env, tree, install);
    expectSuccess(again, "install.sh, a second time");
    assertThat(again.out()).contains("replaced " + installDir.resolve(version));
    assertThat(Files.readSymbolicLink(installDir.resolve("current"))).hasToString(version);
    assertThat(binDir.resolve("kxm")).isSymbolicLink();
    return binDir;
  }

  /**
   * From a fresh folder outside the repository, kxm found on PATH: its version, a hub in the
   * foreground, a project token, an agent's peer list, and kxm mcp over stdio; all stopped after.
   */
  void runFromOutside(Processes processes, Map<String, String> installEnv, Path binDir)
      throws Exception {
    String version = property("kxm.dist.version");
    Path work = Files.createDirectories(tmp.resolve("work"));
    assertOutsideAnyMavenProject(work);
    Map<String, String> env = new HashMap<>(installEnv);
    env.put("PATH", binDir + ":" + installEnv.get("PATH"));

    Processes.Result versionOut = processes.run(env, work, kxm("--version"));
    expectSuccess(versionOut, "kxm --version");
    assertThat(versionOut.out().lines().findFirst()).hasValue("kxm " + version);

    Map<String, String> hubEnv = new HashMap<>(env);
    hubEnv.put("KXM_PORT", "0");
    Processes.Running hub = processes.start(hubEnv, work, kxm("up"));
    hub.process().getOutputStream().close();
    String url = hubUrl(hub);

    Processes.Result token =
        processes.run(env, work, kxm("auth", "project-token", "create", "demo"));
    expectSuccess(token, "kxm auth project-token create demo");
    Map<String, String> agent = new HashMap<>(env);
    agent.put("KXM_SERVER_URL", url);
    agent.put("KXM_PROJECT", "demo");
    agent.put("KXM_AUTH_TOKEN", token.out().strip());
    agent.put("KXM_AGENT_NAME", "dist-peer");

    Processes.Result peers = processes.run(agent, work, kxm("peer", "list", "--json"));
    expectSuccess(peers, "kxm peer list --json");
    JSON.readTree(peers.out());

    Map<String, String> mcpEnv = new HashMap<>(agent);
    mcpEnv.put("KXM_AGENT_NAME", "dist-agent");
    Processes.Running mcp = processes.start(mcpEnv, work, kxm("mcp"));
    List<String> listed = toolsOverStdio(mcp);
    assertThat(listed).containsExactlyInAnyOrderElementsOf(ToolCatalog.standard().names());
    assertThat(listed).hasSize(21);
    // The server is an agent of the project: another agent's peer list shows it.
    await()
        .atMost(Duration.ofSeconds(Processes.WAIT_SECONDS))
        .untilAsserted(() ->
            assertThat(processes.run(agent, work, kxm("peer", "list", "--json")).out())
                .contains("dist-agent"));

    // Stop everything: kxm mcp ends with its stdin, the hub on TERM.
    mcp.process().getOutputStream().close();
    assertThat(mcp.process().waitFor(Processes.WAIT_SECONDS, TimeUnit.SECONDS))
        .as("kxm mcp ends when its stdin closes")
        .isTrue();
    hub.process().destroy();
    assertThat(hub.process().waitFor(Processes.WAIT_SECONDS, TimeUnit.SECONDS))
        .as("kxm up ends on TERM")
        .isTrue();

    assertBackgroundHubStartsFromItsCache(processes, env, work);
  }

  /**
   * A server started through the launcher starts from an ahead-of-time cache on JDK 25 and later,
   * trained once per jar beside it; a hub started in the background takes the same options.
   */
  void assertBackgroundHubStartsFromItsCache(
      Processes processes, Map<String, String> env, Path work) throws Exception {
    expectSuccess(processes.run(env, work, kxm("hub", "start")), "kxm hub start");
    try {
      long pid =
          JSON.readTree(Files.readString(work.resolve(".kxm/state/hub.json"))).path("pid").asLong();
      List<String> arguments =
          List.of(
              ProcessHandle.of(pid)
                  .orElseThrow()
                  .info()
                  .arguments()
                  .orElseThrow(() -> new AssertionError("cannot read the hub's arguments")));
      if (Runtime.version().feature() >= 25) {
        assertThat(arguments)
            .anySatisfy(a -> assertThat(a).startsWith("-XX:AOTCache=").endsWith("kxm-hub.aot"));
      } else {
        assertThat(arguments).noneSatisfy(a -> assertThat(a).startsWith("-XX:AOTCache="));
      }
    } finally {
      expectSuccess(processes.run(env, work, kxm("hub", "stop")), "kxm hub stop");
    }
  }

  /** initialize, initialized, tools/list: the names of the tools listed. */
  static List<String> toolsOverStdio(Processes.Running mcp) throws Exception {
    OutputStream in = mcp.process().getOutputStream();
    send(
        in,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"kxm-dist-test\",\"version\":\"1\"}}}");
    JsonNode initialized = response(mcp, 1);
    assertThat(initialized.path("result").path("capabilities").has("tools"))
        .as("initialize result %s", initialized)
        .isTrue();
    send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{}}");
    JsonNode listed = response(mcp, 2);
    List<String> names = new ArrayList<>();
    for (JsonNode tool : listed.path("result").path("tools")) {
      names.add(tool.path("name").asString());
    }
    return names;
  }

  static void send(OutputStream in, String message) throws IOException {
    in.write((message + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  /** The response with this id, past any notification the server sends first. */
  static JsonNode response(Processes.Running mcp, int id) throws InterruptedException {
    while (true) {
      String line = mcp.nextLine("kxm mcp's answer to request " + id);
      JsonNode message = JSON.readTree(line);
      if (message.path("id").asInt(-1) == id) {
        assertThat(message.has("error")).as("answer %s", line).isFalse();
        return message;
      }
    }
  }

  static String hubUrl(Processes.Running hub) throws InterruptedException {
    while (true) {
      Matcher up = HUB_UP.matcher(hub.nextLine("kxm up's banner"));
      if (up.find()) {
        return up.group(1);
      }
    }
  }

  /** kxm by name, found on the child's own PATH by its shell. */
  static List<String> kxm(String... args) {
    List<String> command = new ArrayList<>(List.of("sh", "-c", "exec kxm \"$@\"", "kxm"));
    command.addAll(List.of(args));
    return command;
  }

  static List<String> withArg(List<String> command, String arg) {
    List<String> out = new ArrayList<>(command);
    out.add(arg);
    return out;
  }

  static void expectSuccess(Processes.Result result, String what) {
    assertThat(result.exit())
        .as("%s exit code; stdout:%n%s%nstderr:%n%s", what, result.out(), result.err())
        .isZero();
  }

  /** Whatever of the repository's integrations existed when the archive was built is in it. */
  static void assertIntegrationsCopied(Path share) throws IOException {
    Path repo = Path.of(property("kxm.dist.repo"));
    for (String marketplace :
        List.of(".claude-plugin/marketplace.json", ".agents/plugins/marketplace.json")) {
      if (Files.isRegularFile(repo.resolve(marketplace))) {
        assertThat(share.resolve(marketplace)).hasSameTextualContentAs(repo.resolve(marketplace));
      }
    }
    Path integrations = repo.resolve("integrations");
    if (Files.isDirectory(integrations)) {
      try (var files = Files.walk(integrations)) {
        for (Path file :
            files
                .filter(Files::isRegularFile)
                .filter(f -> !f.toString().contains("/node_modules/"))
                .toList()) {
          assertThat(share.resolve("integrations").resolve(integrations.relativize(file)))
              .as("copy of %s", file)
              .isRegularFile();
        }
      }
    }
  }

  static void assertOutsideAnyMavenProject(Path dir) {
    for (Path at = dir; at != null; at = at.getParent()) {
      assertThat(at.resolve("pom.xml")).as("a pom.xml at or above %s", dir).doesNotExist();
      assertThat(at.resolve("kxm-cli")).as("sources at or above %s", dir).doesNotExist();
    }
  }

  /** A folder of links to the few system tools the scripts use, and nothing else. */
  static Path tools(Path dir) throws IOException {
    for (String tool : TOOLS) {
      Path found =
          List.of(Path.of("/usr/bin", tool), Path.of("/bin", tool)).stream()
              .filter(Files::isExecutable)
              .findFirst()
              .orElseThrow(() -> new AssertionError("no " + tool + " in /usr/bin or /bin"));
      Files.createSymbolicLink(dir.resolve(tool), found);
    }
    return dir;
  }

  static String property(String name) {
    String value = System.getProperty(name);
    if (value == null || value.isBlank()) {
      fail(
          "system property %s is unset: run this test through Maven (./mvnw -pl kxm-dist -am verify)",
          name);
    }
    return value;
  }
}
