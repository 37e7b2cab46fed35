package io.kxm.session.drive;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.runtime.api.DriveResult;
import io.kxm.runtime.api.RunDetail;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.api.Verification;
import io.kxm.runtime.run.AttemptResult;
import io.kxm.runtime.run.RunState;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.HttpFailure;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live drives with the built-in agent and the command harness: real Git repositories, real child
 * processes for gates and commands, the fake provider as the model.
 */
class LiveDriveTest {
  static final String CODER =
      """
      id: coder
      model: anthropic/claude-sonnet-4-5
      role: implementer
      purpose: Writes the greeting.
      """;

  static final String WRITE_THEN_GATE =
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

  Map<String, String> environment() {
    Map<String, String> env = new HashMap<>();
    env.put("PATH", System.getenv("PATH"));
    env.put("ANTHROPIC_BASE_URL", provider.baseUrl().toString());
    env.put("ANTHROPIC_API_KEY", "sk-ant-test-key");
    env.put("KXM_STATE_HOME", tmp.resolve("state").toString());
    return env;
  }

  @Test
  void the_builtin_agent_writes_in_the_run_worktree_and_the_gate_checks_it_there()
      throws Exception {
    provider = FakeProvider.start();
    provider.enqueue(
        Turn.toolCall("write_file", "{\"path\":\"greeting.txt\",\"content\":\"hello there\\n\"}")
            .withUsage(100, 20));
    provider.when(Rule.whenToolResultFor("write_file", Turn.text("Wrote it.").withUsage(150, 10)));
    project =
        LiveProject.create(
            tmp,
            Map.of("agents/coder.yaml", CODER, "workflows/greet.yaml", WRITE_THEN_GATE),
            environment());
    RunSummary run = project.runtime.create("greet", "Say hello.");

    DriveResult done = project.runtime.drive(run.runId(), false);

    assertThat(done.run().run().status()).isEqualTo("completed");
    RunDetail.WorkView work = done.run().work();
    assertThat(work.branch()).isEqualTo("kxm/" + run.runId());
    Path worktree = Path.of(work.worktree());
    assertThat(Files.readString(worktree.resolve("greeting.txt"))).isEqualTo("hello there\n");
    // the project itself is untouched: the work is on the run's branch
    assertThat(project.root.resolve("greeting.txt")).doesNotExist();
    assertThat(GitRepository.git(project.root, "show", work.branch() + ":greeting.txt"))
        .isEqualTo("hello there\n");
    assertThat(work.files()).isEqualTo(1);
    assertThat(work.insertions()).isEqualTo(1);
    String patch = Files.readString(Path.of(work.patchFile()));
    assertThat(patch).contains("+++ b/greeting.txt", "+hello there");
    assertThat(io.kxm.core.secret.Tokens.sha256Hex(Files.readAllBytes(Path.of(work.patchFile()))))
        .isEqualTo(work.patchSha256());
    // the prompt carried the agent's role, the step's template and the run's prompt
    String prompt = provider.requests().getFirst().lastMessageText();
    assertThat(prompt).contains("'coder'", "implementer", "Write greeting.txt.", "Say hello.");
    // 250 * 3 + 30 * 15 = 1200 per million
    assertThat(done.run().spend().usd()).isEqualTo("0.0012");
    assertThat(done.run().spend().inputTokens()).isEqualTo(250);
    assertThat(done.receipt().spend().usd()).isEqualTo("0.0012");
    Verification verified = project.runtime.verify(run.runId());
    assertThat(verified.ok()).as(verified.message()).isTrue();
    assertThat(project.runtime.receipt(run.runId()).orElseThrow().spend().outputTokens())
        .isEqualTo(30);

    RunDetail cleaned = project.runtime.clean(run.runId());
    assertThat(cleaned.work().removed()).isTrue();
    assertThat(worktree).doesNotExist();
    assertThat(GitRepository.git(project.root, "branch", "--list", work.branch()))
        .contains(work.branch());
    assertThat(project.runtime.verify(run.runId()).ok()).isTrue();
  }

  @Test
  void a_read_only_step_offers_the_agent_no_tool_that_changes_files() throws Exception {
    provider = FakeProvider.start();
    provider.enqueue(Turn.text("Looks fine."));
    project =
        LiveProject.create(
            tmp,
            Map.of(
                "agents/coder.yaml",
                CODER,
                "workflows/review.yaml",
                """
                apiVersion: kxm.workflow.v1
                id: review
                coordinator: coder
                steps:
                  - id: look
                    type: agent
                    agent: coder
                    prompt: Review the project.
                """),
            environment());
    RunSummary run = project.runtime.create("review", "Read it.");

    DriveResult done = project.runtime.drive(run.runId(), false);

    assertThat(done.run().run().status()).isEqualTo("completed");
    assertThat(done.run().work()).isNull();
    assertThat(provider.requests().getFirst().offeredToolNames())
        .contains("read_file")
        .doesNotContain("write_file", "edit_file", "run_command");
  }

  @Test
  void a_failing_harness_leaves_the_outcome_unknown_and_is_tried_once_more() throws Exception {
    provider = FakeProvider.start();
    provider.enqueue(
        HttpFailure.of(400, "model not served here"), HttpFailure.of(400, "still not served"));
    project =
        LiveProject.create(
            tmp,
            Map.of("agents/coder.yaml", CODER, "workflows/greet.yaml", WRITE_THEN_GATE),
            environment());
    RunSummary run = project.runtime.create("greet", "Say hello.");

    DriveResult done = project.runtime.drive(run.runId(), false);

    assertThat(done.run().run().status()).isEqualTo("failed");
    assertThat(done.run().steps().getFirst().detail()).isEqualTo("attempts_exhausted");
    assertThat(stateOf(run.runId()).attempts().values())
        .extracting(RunState.Attempt::result)
        .containsExactly(AttemptResult.OUTCOME_UNKNOWN, AttemptResult.OUTCOME_UNKNOWN);
    // each attempt that ran left its diff, empty here, as evidence
    assertThat(done.run().work().files()).isZero();
  }

  @Test
  void a_cancel_ends_the_harness_and_the_attempt_settles_cancelled() throws Exception {
    provider = FakeProvider.start();
    Path script = tmp.resolve("slow.sh");
    Files.writeString(script, "#!/bin/sh\nhead -n 1 > /dev/null\nexec sleep 600\n");
    script.toFile().setExecutable(true);
    project =
        LiveProject.create(
            tmp,
            Map.of(
                "agents/coder.yaml",
                "id: coder\nharness: command\nmodel: local/script\npurpose: Waits.\ncommand: [\""
                    + script
                    + "\"]\n",
                "workflows/greet.yaml",
                WRITE_THEN_GATE),
            environment());
    RunSummary run = project.runtime.create("greet", "Say hello.");
    java.util.concurrent.CompletableFuture<DriveResult> drive =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> project.runtime.drive(run.runId(), false));
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(60))
        .until(() -> {
          // the steps show once the drive pinned its plan, which it does on its own thread
          var steps = project.runtime.status(run.runId()).steps();
          return !steps.isEmpty() && steps.getFirst().attempts() == 1;
        });

    project.runtime.cancel(run.runId());

    DriveResult done = drive.get(60, java.util.concurrent.TimeUnit.SECONDS);
    assertThat(done.run().run().status()).isEqualTo("cancelled");
    assertThat(stateOf(run.runId()).attempts().values())
        .extracting(RunState.Attempt::result)
        .containsExactly(AttemptResult.CANCELLED);
  }

  @Test
  void the_command_harness_writes_in_the_worktree_and_reports_its_usage() throws Exception {
    provider = FakeProvider.start();
    Path script = tmp.resolve("agent.sh");
    Files.writeString(
        script,
        """
        #!/bin/sh
        head -n 1 > /dev/null
        test "$KXM_WORKSPACE_ACCESS" = write || exit 3
        echo 'hello from a command' > greeting.txt
        echo '{"type":"usage","inputTokens":7,"outputTokens":3}'
        echo '{"type":"message","text":"wrote greeting.txt"}'
        """);
    script.toFile().setExecutable(true);
    project =
        LiveProject.create(
            tmp,
            Map.of(
                "agents/coder.yaml",
                "id: coder\nharness: command\nmodel: local/script\npurpose: Writes.\ncommand: [\""
                    + script
                    + "\"]\n",
                "workflows/greet.yaml",
                WRITE_THEN_GATE),
            environment());
    RunSummary run = project.runtime.create("greet", "Say hello.");

    DriveResult done = project.runtime.drive(run.runId(), false);

    assertThat(done.run().run().status()).as(done.run().steps().toString()).isEqualTo("completed");
    assertThat(Files.readString(Path.of(done.run().work().worktree(), "greeting.txt")))
        .isEqualTo("hello from a command\n");
    assertThat(Files.readString(Path.of(done.run().work().patchFile())))
        .contains("+hello from a command");
    assertThat(done.run().spend().inputTokens()).isEqualTo(7);
    assertThat(done.run().spend().usd()).isNull();
    assertThat(done.run().spend().unknownBecause()).contains("local/script");
    assertThat(project.runtime.verify(run.runId()).ok()).isTrue();
  }

  @Test
  void the_worktree_starts_from_the_commit_the_run_pinned_even_after_head_moved() throws Exception {
    provider = FakeProvider.start();
    Path script = tmp.resolve("agent.sh");
    Files.writeString(
        script,
        """
        #!/bin/sh
        head -n 1 > /dev/null
        test -e late.txt && exit 4
        echo 'hello' > greeting.txt
        echo '{"type":"message","text":"wrote greeting.txt"}'
        """);
    script.toFile().setExecutable(true);
    project =
        LiveProject.create(
            tmp,
            Map.of(
                "agents/coder.yaml",
                "id: coder\nharness: command\nmodel: local/script\npurpose: Writes.\ncommand: [\""
                    + script
                    + "\"]\n",
                "workflows/greet.yaml",
                WRITE_THEN_GATE),
            environment());
    RunSummary run = project.runtime.create("greet", "Say hello.");
    String pinned = GitRepository.git(project.root, "rev-parse", "HEAD").strip();
    Files.writeString(project.root.resolve("late.txt"), "committed after the run was created\n");
    GitRepository.commitAll(project.root, "a commit the run never reviewed");

    DriveResult done = project.runtime.drive(run.runId(), false);

    assertThat(done.run().run().status()).as(done.run().steps().toString()).isEqualTo("completed");
    Path worktree = Path.of(done.run().work().worktree());
    assertThat(worktree.resolve("late.txt")).doesNotExist();
    assertThat(GitRepository.git(worktree, "rev-parse", "HEAD~1").strip()).isEqualTo(pinned);
  }

  @Test
  void a_harness_that_cannot_start_is_producer_rejected_and_fails_the_step() throws Exception {
    provider = FakeProvider.start();
    project =
        LiveProject.create(
            tmp,
            Map.of(
                "agents/coder.yaml",
                "id: coder\nharness: command\nmodel: local/script\npurpose: Writes.\n"
                    + "command: [\"/no/such/program\"]\n",
                "workflows/greet.yaml",
                WRITE_THEN_GATE),
            environment());
    RunSummary run = project.runtime.create("greet", "Say hello.");

    DriveResult done = project.runtime.drive(run.runId(), false);

    assertThat(done.run().run().status()).isEqualTo("failed");
    assertThat(done.run().steps().getFirst().detail()).isEqualTo("harness_start_failed");
    assertThat(stateOf(run.runId()).attempts().values())
        .extracting(RunState.Attempt::result)
        .containsExactly(AttemptResult.PRODUCER_REJECTED);
  }

  @Test
  void a_moa_step_asks_two_proposers_then_the_aggregator_writes_with_their_answers()
      throws Exception {
    provider = FakeProvider.start();
    provider.when(Rule.whenLastMessageContains("agent 'alice'", Turn.text("Use a greeting.")));
    provider.when(Rule.whenLastMessageContains("agent 'bob'", Turn.text("Say hello.")));
    provider.when(
        new Rule(
            "aggregator",
            r -> r.lastMessageText().contains("agent 'judge'") && r.toolResults().isEmpty(),
            Turn.toolCall("write_file", "{\"path\":\"greeting.txt\",\"content\":\"hello\\n\"}")));
    provider.when(Rule.whenToolResultFor("write_file", Turn.text("Merged both.")));
    String agent = "model: anthropic/claude-sonnet-4-5\npurpose: Proposes.\n";
    project =
        LiveProject.create(
            tmp,
            Map.of(
                "agents/alice.yaml",
                "id: alice\n" + agent,
                "agents/bob.yaml",
                "id: bob\n" + agent,
                "agents/judge.yaml",
                "id: judge\n" + agent,
                "workflows/greet.yaml",
                """
                apiVersion: kxm.workflow.v1
                id: greet
                coordinator: judge
                steps:
                  - id: decide
                    type: moa
                    agents: [alice, bob]
                    aggregator: judge
                    writes: true
                    prompt: How should we greet?
                  - id: check
                    type: gate
                    gate: greeting
                """),
            environment());
    RunSummary run = project.runtime.create("greet", "Greet people.");

    DriveResult done = project.runtime.drive(run.runId(), false);

    assertThat(done.run().run().status()).as(done.run().steps().toString()).isEqualTo("completed");
    RunState state = stateOf(run.runId());
    assertThat(state.assignmentsOf("decide"))
        .extracting(RunState.Assignment::agentId)
        .containsExactly("alice", "bob", "judge");
    assertThat(state.attempts().values())
        .filteredOn(a -> a.stepId().equals("decide"))
        .extracting(RunState.Attempt::result)
        .containsOnly(AttemptResult.OUTCOME)
        .hasSize(3);
    assertThat(state.spent()).hasSize(3);
    String aggregated =
        provider.requests().stream()
            .map(r -> r.lastMessageText())
            .filter(t -> t.contains("agent 'judge'"))
            .findFirst()
            .orElseThrow();
    assertThat(aggregated).contains("[alice]", "Use a greeting.", "[bob]", "Say hello.");
    // proposers read; only the aggregator was offered tools that write
    assertThat(
            provider.requests().stream()
                .filter(r -> r.lastMessageText().contains("agent 'alice'"))
                .findFirst()
                .orElseThrow()
                .offeredToolNames())
        .doesNotContain("write_file");
    assertThat(Files.readString(Path.of(done.run().work().worktree(), "greeting.txt")))
        .isEqualTo("hello\n");
  }

  /** The folded run, read once its drive has ended. */
  private RunState stateOf(String runId) {
    try (var store = io.kxm.runtime.store.RunEventStore.open(project.runtime.eventStoreFile())) {
      return store.load(runId);
    }
  }
}
