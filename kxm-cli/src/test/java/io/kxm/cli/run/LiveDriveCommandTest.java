package io.kxm.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.core.json.Json;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm runs drive} without {@code --simulated}, through the real CLI and a supervisor child
 * process: the built-in agent, scripted by the fake provider, writes in the run's worktree, the
 * gate checks it there, and {@code kxm runs clean} removes the worktree but keeps the branch.
 */
class LiveDriveCommandTest {
  @TempDir Path dir;
  Path repo;
  FakeProvider provider;

  record Run(int exitCode, String out, String err) {
    JsonNode json() {
      return Json.read(out);
    }
  }

  @BeforeEach
  void project() throws Exception {
    provider = FakeProvider.start();
    repo = GitRepository.withOneCommit(dir.resolve("repo"), "README.md", "a project\n");
    write("project.yaml", "name: live\ndefaultHarness: builtin\n");
    write(
        "agents/coder.yaml",
        "id: coder\nmodel: anthropic/claude-sonnet-4-5\npurpose: Writes the greeting.\n");
    write(
        "gates.yaml",
        """
        gates:
          greeting:
            argv: ["grep", "-q", "hello", "greeting.txt"]
            timeoutMs: 30000
        """);
    write(
        "workflows/greet.yaml",
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
        """);
    GitRepository.git(repo, "add", "--all");
    GitRepository.git(
        repo,
        "-c",
        "user.name=Test",
        "-c",
        "user.email=test@example.com",
        "commit",
        "-q",
        "-m",
        "kxm");
  }

  @AfterEach
  void stop() {
    kxm("runtime", "stop");
    provider.close();
  }

  @Test
  void a_live_drive_completes_with_the_agent_work_on_the_run_branch() throws Exception {
    provider.enqueue(
        Turn.toolCall("write_file", "{\"path\":\"greeting.txt\",\"content\":\"hello\\n\"}"));
    provider.when(Rule.whenToolResultFor("write_file", Turn.text("Wrote it.")));
    Run created = kxm("run", "greet", "Say hello.", "--json");
    assertThat(created.exitCode()).as(created.err()).isZero();
    String runId = created.json().path("runId").asString();

    Run drive = kxm("runs", "drive", runId, "--json");

    assertThat(drive.exitCode()).as(drive.err()).isZero();
    JsonNode run = drive.json().path("run");
    assertThat(run.path("run").path("status").asString()).isEqualTo("completed");
    JsonNode work = run.path("work");
    assertThat(work.path("branch").asString()).isEqualTo("kxm/" + runId);
    assertThat(Files.readString(Path.of(work.path("patchFile").asString()))).contains("+hello");
    assertThat(GitRepository.git(repo, "show", "kxm/" + runId + ":greeting.txt"))
        .isEqualTo("hello\n");
    Run status = kxm("runs", "status", runId);
    assertThat(status.out()).contains("work: branch kxm/" + runId, "patch: ", "spend: ");
    Run verify = kxm("runs", "verify", runId);
    assertThat(verify.exitCode()).as(verify.out() + verify.err()).isZero();

    Run clean = kxm("runs", "clean", runId, "--json");

    assertThat(clean.exitCode()).as(clean.err()).isZero();
    assertThat(clean.json().path("work").path("removed").asBoolean()).isTrue();
    assertThat(Path.of(work.path("worktree").asString())).doesNotExist();
    assertThat(GitRepository.git(repo, "branch", "--list", "kxm/" + runId)).contains(runId);
  }

  @Test
  void clean_refuses_a_run_that_has_not_ended() {
    Run created = kxm("run", "greet", "Say hello.", "--json");
    String runId = created.json().path("runId").asString();

    Run clean = kxm("runs", "clean", runId);

    assertThat(clean.exitCode()).isEqualTo(1);
    assertThat(clean.err()).contains("run_not_finished");
  }

  private void write(String file, String content) throws Exception {
    Path target = repo.resolve(".kxm").resolve(file);
    Files.createDirectories(target.getParent());
    Files.writeString(target, content);
  }

  Run kxm(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Map<String, String> env =
        Map.of(
            "KXM_STATE_HOME", dir.resolve("state").toString(),
            "HOME", dir.toString(),
            "KXM_SHUTDOWN_GRACE_MS", "2000",
            "ANTHROPIC_BASE_URL", provider.baseUrl().toString(),
            "ANTHROPIC_API_KEY", "sk-ant-test-key",
            "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    int code = new Cli(env, repo, new PrintWriter(out, true), new PrintWriter(err, true)).run(args);
    return new Run(code, out.toString(), err.toString());
  }
}
