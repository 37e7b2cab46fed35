package io.kxm.cli.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.ChildKxm;
import io.kxm.cli.support.TestEnv;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.RecordedRequest;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** Where the plugin lives in this repository, and running a real CLI as a child process. */
public final class PluginFiles {
  static final String MARKETPLACE = ".claude-plugin/marketplace.json";
  static final String PLUGIN = "integrations/claude-code";
  static final Duration CLI_LIMIT = Duration.ofMinutes(4);

  private PluginFiles() {}

  /**
   * The repository root: the first folder at or above the working directory with the marketplace.
   */
  public static Path repositoryRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve(MARKETPLACE))) {
        return dir;
      }
    }
    throw new IllegalStateException(
        "no " + MARKETPLACE + " at or above " + Path.of("").toAbsolutePath());
  }

  /**
   * An executable {@code kxm} in {@code folder} that runs the CLI under test (this JVM, the
   * product's classpath), for a child that finds kxm as {@code KXM_BIN} or on its PATH.
   */
  public static Path kxmLauncher(Path folder) {
    List<String> command =
        new java.util.ArrayList<>(List.of(ChildKxm.java(), "-XX:TieredStopAtLevel=1"));
    command.addAll(ChildKxm.arguments());
    String line =
        command.stream().map(PluginFiles::quoted).collect(Collectors.joining(" ")) + " \"$@\"";
    try {
      Files.createDirectories(folder);
      Path script = folder.resolve("kxm");
      Files.writeString(script, "#!/bin/sh\nexec " + line + "\n");
      Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
      return script;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The environment of a real {@code claude} child: its own config folder under {@code dir}, the
   * scripted model at {@code providerBaseUrl}, kxm as {@code KXM_BIN}, and MCP tools offered up
   * front once kxm mcp's JVM is up.
   */
  public static Map<String, String> claudeEnvironment(
      Path dir, Path claude, String providerBaseUrl) {
    Map<String, String> env = TestEnv.of(dir);
    env.put("PATH", claude.getParent() + File.pathSeparator + "/usr/bin:/bin");
    env.put("CLAUDE_CONFIG_DIR", dir.resolve("claude-config").toString());
    env.put("KXM_BIN", kxmLauncher(dir.resolve("bin")).toString());
    env.put("ANTHROPIC_BASE_URL", providerBaseUrl);
    env.put("ANTHROPIC_API_KEY", "sk-ant-test-key");
    env.put("CLAUDE_CODE_MAX_RETRIES", "0");
    env.put("ENABLE_TOOL_SEARCH", "false");
    env.put("MCP_CONNECTION_NONBLOCKING", "false");
    env.put("MCP_CONNECT_TIMEOUT_MS", "60000");
    return env;
  }

  /**
   * Claude Code asks the model for a session title beside the session's own requests; this rule
   * answers those, so scripted turns meet only the session's calls.
   */
  public static Rule titleRequests() {
    return new Rule(
        "title",
        r -> r.lastMessageText().contains("Write the title"),
        Turn.text("A title").withUsage(0, 0));
  }

  /** The requests that asked the model for the session's answer: no titles, no probes. */
  public static List<RecordedRequest> sessionRequests(FakeProvider provider) {
    return provider.requests().stream()
        .filter(r -> r.path().endsWith("/v1/messages"))
        .filter(r -> !r.lastMessageText().contains("Write the title"))
        .toList();
  }

  /**
   * Adds the repository as a marketplace and installs {@code kxm@kxm} with the real CLI and the
   * given {@code key=value} settings, in {@code workspace} with {@code env}; returns the install.
   */
  public static Ran installKxm(
      Path claude, Path workspace, Map<String, String> env, String... settings) {
    Ran added =
        run(
            workspace,
            env,
            CLI_LIMIT,
            List.of(
                claude.toString(), "plugin", "marketplace", "add", repositoryRoot().toString()));
    assertThat(added.exit()).as(added.out() + added.err()).isZero();
    List<String> install =
        new java.util.ArrayList<>(List.of(claude.toString(), "plugin", "install", "kxm@kxm"));
    for (String setting : settings) {
      install.add("--config");
      install.add(setting);
    }
    Ran installed = run(workspace, env, CLI_LIMIT, install);
    assertThat(installed.exit()).as(installed.out() + installed.err()).isZero();
    return installed;
  }

  private static String quoted(String word) {
    return "'" + word.replace("'", "'\\''") + "'";
  }

  /** What a finished child printed. */
  public record Ran(int exit, String out, String err) {}

  /** Runs {@code command} in {@code folder} with exactly {@code env}, bounded by {@code limit}. */
  public static Ran run(
      Path folder, Map<String, String> env, Duration limit, List<String> command) {
    try {
      Path out = Files.createTempFile("child", ".out");
      Path err = Files.createTempFile("child", ".err");
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .directory(folder.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
              .redirectOutput(out.toFile())
              .redirectError(err.toFile());
      builder.environment().clear();
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor();
      }
      Ran ran = new Ran(process.exitValue(), Files.readString(out), Files.readString(err));
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
      assertThat(ran.exit())
          .as("%s\nstdout: %s\nstderr: %s", command, ran.out(), ran.err())
          .isNotNegative();
      return ran;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
