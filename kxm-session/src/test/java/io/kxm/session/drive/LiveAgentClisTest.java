package io.kxm.session.drive;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.runtime.api.DriveResult;
import io.kxm.runtime.api.RunSummary;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live drives through the real Claude Code and Codex CLIs, the fake provider as their model: the
 * agent writes in the run's worktree, the gate checks it there, the diff is the run's evidence.
 * Skipped without the CLIs unless {@code KXM_REQUIRE_AGENT_CLIS=1}.
 */
class LiveAgentClisTest {
  static final String WORKFLOW =
      """
      apiVersion: kxm.workflow.v1
      id: greet
      coordinator: coder
      steps:
        - id: write
          type: agent
          agent: coder
          writes: true
          prompt: Write greeting.txt.
        - id: check
          type: gate
          gate: greeting
      """;

  @TempDir Path tmp;
  FakeProvider provider;
  LiveProject project;

  @AfterEach
  void stop() {
    if (project != null) {
      project.close();
    }
    if (provider != null) {
      provider.close();
    }
  }

  Map<String, String> environment(Path cli) {
    Map<String, String> env = new HashMap<>();
    env.put(
        "PATH",
        cli.getParent() + File.pathSeparator + System.getenv().getOrDefault("PATH", "/usr/bin"));
    env.put("HOME", tmp.resolve("home").toString());
    env.put("KXM_STATE_HOME", tmp.resolve("state").toString());
    return env;
  }

  /** Where the run's worktree will be, so a scripted tool call can name its absolute paths. */
  Path worktreeOf(String runId) {
    return project.runtime.eventStoreFile().getParent().resolve("worktrees").resolve(runId);
  }

  @Test
  void claude_code_writes_in_the_run_worktree_and_the_gate_passes_there() throws Exception {
    Path claude = AgentClis.require("claude");
    provider = FakeProvider.start();
    // Claude Code may ask for a short title of the conversation on the side; answer it apart.
    provider.when(
        new Rule(
            "title",
            r -> r.lastMessageText().contains("Write the title"),
            Turn.text("A title").withUsage(0, 0)));
    Map<String, String> env = environment(claude);
    env.put("ANTHROPIC_BASE_URL", provider.baseUrl().toString());
    env.put("ANTHROPIC_API_KEY", "sk-ant-test-key");
    env.put("CLAUDE_CODE_MAX_RETRIES", "0");
    project =
        LiveProject.create(
            tmp,
            Map.of(
                "agents/coder.yaml",
                "id: coder\nharness: claude-code\nmodel: anthropic/claude-sonnet-4-5\n"
                    + "purpose: Writes the greeting.\n",
                "workflows/greet.yaml",
                WORKFLOW),
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
    assertThat(
            GitRepository.git(project.root, "show", done.run().work().branch() + ":greeting.txt"))
        .isEqualTo("hello from claude\n");
    assertThat(done.run().spend().outputTokens()).isPositive();
    assertThat(done.run().spend().usd()).isNotNull();
    assertThat(project.runtime.verify(run.runId()).ok()).isTrue();
  }

  @Test
  void codex_writes_in_the_run_worktree_and_the_gate_passes_there() throws Exception {
    Path codex = AgentClis.require("codex");
    provider = FakeProvider.start();
    Map<String, String> env = environment(codex);
    // codex keeps its sandbox helper under the real home; its config lives in a scratch home
    env.put("HOME", System.getenv().getOrDefault("HOME", tmp.resolve("home").toString()));
    env.put("OPENAI_API_KEY", "sk-test-codex-key");
    env.put("OPENAI_BASE_URL", provider.openAiBaseUrl().toString());
    project =
        LiveProject.create(
            tmp,
            Map.of(
                "agents/coder.yaml",
                "id: coder\nharness: codex\nmodel: openai/gpt-5-codex\npurpose: Writes.\n",
                "workflows/greet.yaml",
                WORKFLOW),
            env);
    RunSummary run = project.runtime.create("greet", "Say hello.");
    provider.enqueue(
        Turn.toolCall("exec_command", "{\"cmd\":\"echo hello from codex > greeting.txt\"}")
            .withUsage(100, 20),
        Turn.text("Wrote it.").withUsage(130, 10));

    DriveResult done = project.runtime.drive(run.runId(), false);

    assertThat(done.run().run().status())
        .as(
            "%s; the command said %s",
            done.run().steps(), provider.requests().getLast().toolResults())
        .isEqualTo("completed");
    Path worktree = Path.of(done.run().work().worktree());
    assertThat(Files.readString(worktree.resolve("greeting.txt"))).isEqualTo("hello from codex\n");
    assertThat(Files.readString(Path.of(done.run().work().patchFile())))
        .contains("+hello from codex");
    assertThat(done.run().spend().inputTokens()).isPositive();
    assertThat(project.runtime.verify(run.runId()).ok()).isTrue();
  }
}
