package io.kxm.session.drive;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.runtime.api.DriveResult;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.runtime.sandbox.SandboxStatus;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.io.File;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live drives whose agent asks for the sandbox ({@code sandbox: true} in its file), through the
 * real Claude Code and Codex CLIs inside bubblewrap, the fake provider on loopback their only
 * network. Skipped without the CLIs, bwrap or socat unless CI promises them.
 */
@EnabledOnOs(OS.LINUX)
class SandboxedAgentClisTest {
  @TempDir Path tmp;
  Path home;
  FakeProvider provider;
  LiveProject project;

  @BeforeEach
  void plantHome() throws Exception {
    // not under /tmp, which the sandbox replaces anyway: the home must be hidden for its own reason
    Path target = Files.createDirectories(Path.of("target").toAbsolutePath());
    home = Files.createTempDirectory(target, "sandbox-home-");
    Files.writeString(home.resolve("secret.txt"), "planted in the home\n");
  }

  @AfterEach
  void stop() throws Exception {
    if (project != null) {
      project.close();
    }
    if (provider != null) {
      provider.close();
    }
    try (Stream<Path> all = Files.walk(home)) {
      for (Path f : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    }
  }

  Map<String, String> environment(Path cli) {
    Map<String, String> env = new HashMap<>();
    env.put(
        "PATH",
        cli.getParent() + File.pathSeparator + System.getenv().getOrDefault("PATH", "/usr/bin"));
    env.put("HOME", home.toString());
    env.put("KXM_STATE_HOME", tmp.resolve("state").toString());
    for (String name : new String[] {Sandbox.BWRAP_SETTING, Sandbox.SOCAT_SETTING}) {
      if (System.getenv(name) != null) {
        env.put(name, System.getenv(name));
      }
    }
    requireSandboxNetwork(env);
    return env;
  }

  Path worktreeOf(String runId) {
    return project.runtime.eventStoreFile().getParent().resolve("worktrees").resolve(runId);
  }

  @Test
  void a_sandboxed_claude_code_agent_writes_in_the_run_worktree_through_its_provider_only()
      throws Exception {
    Path claude = AgentClis.require("claude");
    Map<String, String> env = environment(claude);
    provider = FakeProvider.start();
    provider.when(
        new Rule(
            "title",
            r -> r.lastMessageText().contains("Write the title"),
            Turn.text("A title").withUsage(0, 0)));
    env.put("ANTHROPIC_BASE_URL", provider.baseUrl().toString());
    env.put("ANTHROPIC_API_KEY", "sk-ant-test-key");
    env.put("CLAUDE_CODE_MAX_RETRIES", "0");
    project =
        LiveProject.create(
            tmp,
            Map.of(
                "agents/coder.yaml",
                "id: coder\nharness: claude-code\nmodel: anthropic/claude-sonnet-4-5\n"
                    + "purpose: Writes the greeting.\nsandbox: true\n",
                "workflows/greet.yaml",
                LiveAgentClisTest.WORKFLOW),
            env);
    RunSummary run = project.runtime.create("greet", "Say hello.");
    String file = worktreeOf(run.runId()).resolve("greeting.txt").toString();
    provider.enqueue(
        Turn.toolCall(
                "Write", "{\"file_path\":\"" + file + "\",\"content\":\"hello from claude\\n\"}")
            .withUsage(100, 20));
    provider.when(Rule.whenToolResultFor("Write", Turn.text("Wrote it.").withUsage(120, 10)));

    DriveResult done = project.runtime.drive(run.runId(), false);

    assertThat(done.run().run().status()).as(done.run().steps().toString()).isEqualTo("completed");
    assertThat(Files.readString(Path.of(file))).isEqualTo("hello from claude\n");
    assertThat(Files.readString(Path.of(done.run().work().patchFile())))
        .contains("+hello from claude");
    assertThat(project.runtime.verify(run.runId()).ok()).isTrue();
    // the CLI's own state went to the sandbox's empty home, not to the real one
    assertThat(home.resolve(".claude.json")).doesNotExist();
  }

  @Test
  void a_sandboxed_codex_agent_reaches_its_provider_but_not_another_port_nor_the_home()
      throws Exception {
    Path codex = AgentClis.require("codex");
    Map<String, String> env = environment(codex);
    provider = FakeProvider.start();
    env.put("OPENAI_API_KEY", "sk-test-codex-key");
    env.put("OPENAI_BASE_URL", provider.openAiBaseUrl().toString());
    try (ServerSocket other = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      project =
          LiveProject.create(
              tmp,
              Map.of(
                  "agents/coder.yaml",
                  "id: coder\nharness: codex\nmodel: openai/gpt-5-codex\npurpose: Writes.\n"
                      + "sandbox: true\n",
                  "workflows/greet.yaml",
                  LiveAgentClisTest.WORKFLOW),
              env);
      RunSummary run = project.runtime.create("greet", "Say hello.");
      String probe =
          "cat "
              + home.resolve("secret.txt")
              + " || echo no-home; bash -c 'exec 3<>/dev/tcp/127.0.0.1/"
              + other.getLocalPort()
              + "' 2>/dev/null && echo other-open || echo other-refused;"
              + " echo hello from codex > greeting.txt";
      provider.enqueue(
          Turn.toolCall("exec_command", "{\"cmd\":\"" + probe + "\"}").withUsage(100, 20),
          Turn.text("Wrote it.").withUsage(130, 10));

      DriveResult done = project.runtime.drive(run.runId(), false);

      String said = provider.requests().getLast().toolResults().toString();
      assertThat(done.run().run().status())
          .as("%s; the command said %s", done.run().steps(), said)
          .isEqualTo("completed");
      assertThat(said).contains("no-home", "other-refused").doesNotContain("planted in the home");
      Path worktree = Path.of(done.run().work().worktree());
      assertThat(Files.readString(worktree.resolve("greeting.txt")))
          .isEqualTo("hello from codex\n");
      assertThat(project.runtime.verify(run.runId()).ok()).isTrue();
    }
  }

  /** Skipped where bwrap or socat cannot run, failed instead where CI promises them. */
  static void requireSandboxNetwork(Map<String, String> env) {
    SandboxStatus status = Sandbox.of(env).status();
    boolean here = status.available() && status.network().available();
    String why = status.detail() + "; " + status.network().detail();
    if (!"1".equals(System.getenv("KXM_REQUIRE_SERVICES"))) {
      Assumptions.assumeTrue(here, "no sandbox network here: " + why);
    }
    assertThat(here).as(why).isTrue();
  }
}
