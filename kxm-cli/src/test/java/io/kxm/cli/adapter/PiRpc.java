package io.kxm.cli.adapter;

import static org.awaitility.Awaitility.await;

import io.kxm.cli.plugin.PluginFiles;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.provider.FakeProvider;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** {@code pi --mode rpc} as a child: JSON lines in on stdin, events and UI requests out. */
final class PiRpc implements AutoCloseable {
  static final Duration WAIT = Duration.ofSeconds(90);

  private final Process process;
  private final Map<String, String> env;
  private final Path workspace;
  private final OutputStream stdin;
  private final List<JsonNode> events = new CopyOnWriteArrayList<>();
  private final StringBuffer stderr = new StringBuffer();

  private PiRpc(Process process, Map<String, String> env, Path workspace) {
    this.process = process;
    this.env = Map.copyOf(env);
    this.workspace = workspace;
    this.stdin = process.getOutputStream();
  }

  /**
   * The real {@code pi} in RPC mode with the kxm extension loaded, as agent {@code agent} of
   * project {@code alpha} on the hub at {@code hubUrl}, its model {@code provider}'s {@code
   * test-model}, and its environment changed by {@code extra}; returned once the extension drew a
   * status line starting with {@code statusPrefix}. Its folders are made under {@code dir}.
   */
  static PiRpc withExtension(
      Path dir,
      String hubUrl,
      FakeProvider provider,
      String agent,
      Map<String, String> extra,
      String statusPrefix)
      throws IOException {
    Path home = Files.createDirectories(dir.resolve("pi-home"));
    Path agentDir = Files.createDirectories(dir.resolve("pi-agent"));
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path workspace = Files.createDirectories(dir.resolve("workspace"));
    Files.writeString(
        agentDir.resolve("models.json"),
        Json.write(
            Map.of(
                "providers",
                Map.of(
                    "fake",
                    Map.of(
                        "baseUrl",
                        provider.openAiBaseUrl().toString(),
                        "api",
                        "openai-completions",
                        "apiKey",
                        "KXM_TEST_PI_KEY",
                        "models",
                        List.of(Map.of("id", "test-model")))))));
    // Pi's own retry of a failed model call, quick, and no extra tries inside the SDK
    Files.writeString(
        agentDir.resolve("settings.json"),
        "{\"retry\": {\"baseDelayMs\": 200, \"provider\": {\"maxRetries\": 0}}}");
    PluginFiles.kxmLauncher(bin);

    Map<String, String> env = new HashMap<>(TestEnv.agent(dir.resolve("pi-state"), hubUrl, agent));
    env.put("HOME", home.toString());
    env.put(
        "PATH",
        bin
            + File.pathSeparator
            + AgentClis.folderOf("pi")
            + File.pathSeparator
            + System.getenv("PATH"));
    env.put("PI_CODING_AGENT_DIR", agentDir.toString());
    env.put("PI_SKIP_VERSION_CHECK", "1");
    env.put("PI_OFFLINE", "1");
    env.put("KXM_TEST_PI_KEY", "sk-test-pi-key");
    List<String> command =
        List.of(
            AgentClis.require("pi").toString(),
            "--mode",
            "rpc",
            "--no-session",
            "--offline",
            "--provider",
            "fake",
            "--model",
            "test-model",
            "--no-builtin-tools",
            "--no-extensions",
            "--no-skills",
            "--no-prompt-templates",
            "--no-context-files",
            "-e",
            extension().toString());
    env.putAll(extra);
    PiRpc started = start(command, env, workspace);
    // session_start draws the status line once kxm mcp is connected
    started.awaitEvent(e ->
        "setStatus".equals(e.path("method").asString())
            && e.path("statusText").asString().startsWith(statusPrefix));
    return started;
  }

  private static Path extension() {
    for (Path at = Path.of("").toAbsolutePath(); at != null; at = at.getParent()) {
      Path entry = at.resolve("integrations/pi/index.ts");
      if (Files.isRegularFile(entry)) {
        return entry;
      }
    }
    throw new AssertionError(
        "integrations/pi/index.ts not found above " + Path.of("").toAbsolutePath());
  }

  private static PiRpc start(List<String> command, Map<String, String> env, Path cwd)
      throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
    builder.environment().clear();
    builder.environment().putAll(env);
    PiRpc pi = new PiRpc(builder.start(), env, cwd);
    Thread.ofVirtual().start(pi::readStdout);
    Thread.ofVirtual().start(pi::readStderr);
    return pi;
  }

  private void readStdout() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.startsWith("{")) {
          events.add(Json.read(line));
        }
      }
    } catch (IOException | RuntimeException e) {
      stderr.append("stdout reader ended: ").append(e).append('\n');
    }
  }

  private void readStderr() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        stderr.append(line).append('\n');
      }
    } catch (IOException e) {
      stderr.append("stderr reader ended: ").append(e).append('\n');
    }
  }

  /** The environment pi runs with: its agent's KXM_* settings among them. */
  Map<String, String> env() {
    return env;
  }

  /** The folder pi runs in. */
  Path workspace() {
    return workspace;
  }

  boolean alive() {
    return process.isAlive();
  }

  void prompt(String message) throws IOException {
    stdin.write(
        (Json.write(Map.of("type", "prompt", "message", message)) + "\n")
            .getBytes(StandardCharsets.UTF_8));
    stdin.flush();
  }

  List<JsonNode> events(Predicate<JsonNode> which) {
    return events.stream().filter(which).toList();
  }

  JsonNode awaitEvent(Predicate<JsonNode> which) {
    await()
        .atMost(WAIT)
        .failFast("pi exited: " + stderr, () -> !process.isAlive())
        .alias("a pi event; seen " + events + "; stderr " + stderr)
        .until(() -> events.stream().anyMatch(which));
    return events.stream().filter(which).findFirst().orElseThrow();
  }

  JsonNode awaitNotice(Predicate<String> text) {
    return awaitEvent(e ->
        "notify".equals(e.path("method").asString()) && text.test(e.path("message").asString()));
  }

  List<String> statusLines() {
    return events.stream()
        .filter(e -> "setStatus".equals(e.path("method").asString()))
        .map(e -> e.path("statusText").asString())
        .toList();
  }

  @Override
  public void close() {
    try {
      stdin.close();
    } catch (IOException e) {
      // already closed
    }
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
